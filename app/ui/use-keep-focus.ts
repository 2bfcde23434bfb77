import { useEffect, type RefObject } from 'react';

/** A field a person types or picks in: where the focus goes first in a form. */
const FIRST_FIELD = 'input:not([type="checkbox"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

const isDisabled = (el: HTMLElement) => el.matches(':disabled');
const isLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Keeps the focus inside `ref`'s element (which takes `tabIndex={-1}`) when the control holding it
 * goes away: a form answered and removed, or a button disabled while its answer is sent. The browser
 * would drop the focus on the body, and the next Tab would start again at the top of the page.
 * Instead it goes to the first field left in the container, or to the container itself; parked there,
 * it moves into the first field that appears (the next form). A disabled control keeps its claim
 * until it is enabled again (it gets the focus back) or removed.
 */
export function useKeepFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let held: HTMLElement | undefined;
    // Set when this hook put the focus on the container (not a click on its background).
    let isParked = false;
    const handleFocusIn = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement && e.target !== container) {
        held = e.target;
        isParked = false;
      }
    };
    const handleFocusOut = (e: FocusEvent) => {
      const left = e.target;
      if (e.relatedTarget instanceof Node) {
        if (!container.contains(e.relatedTarget)) held = undefined;
        return;
      }
      // No new target: a click on the page's background (forget it), or the control removed or
      // disabled under the focus (keep it: the observer below acts once the page has changed).
      setTimeout(() => {
        if (held === left && left instanceof HTMLElement && left.isConnected && !isDisabled(left)) held = undefined;
      });
    };
    const observer = new MutationObserver(() => {
      if (document.activeElement === container) {
        if (isParked) container.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
        return;
      }
      if (!held || !isLost()) return;
      if (held.isConnected) {
        if (!isDisabled(held)) held.focus();
        return;
      }
      held = undefined;
      const field = container.querySelector<HTMLElement>(FIRST_FIELD);
      if (field) field.focus();
      else {
        isParked = true;
        container.focus();
      }
    });
    container.addEventListener('focusin', handleFocusIn);
    container.addEventListener('focusout', handleFocusOut);
    observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    return () => {
      container.removeEventListener('focusin', handleFocusIn);
      container.removeEventListener('focusout', handleFocusOut);
      observer.disconnect();
    };
  }, [ref]);
}
