/** One line each for what a rule matches and what it answers, as the Rules panel lists them. */
import type { Rule } from '@wire/rules';

export function matchSummary(match: Rule['match']): string {
  const parts = [
    match.tool && `tool ${match.tool}`,
    match.server && `server ${match.server}`,
    match.mode && (match.mode === 'url' ? 'URL mode' : 'form mode'),
    match.message && `message contains “${match.message}”`,
    match.messagePattern && `message matches /${match.messagePattern}/`,
    match.properties && `asks for ${match.properties.join(', ')}`,
    match.roundKey && `round key ${match.roundKey}`,
    match.app !== undefined && (match.app === true ? 'names an app' : match.app === false ? 'names no app' : `app ${match.app}`),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'every elicitation';
}

export function answerSummary(answer: Rule['answer']): string {
  if (answer.action === 'none') return 'never answers';
  let text: string = answer.action;
  if (answer.action === 'accept') {
    text = answer.content ? `accept ${truncate(JSON.stringify(answer.content), 80)}` : 'accept the defaults';
    if (answer.markComplete) text += ', mark complete';
    if (answer.skipValidation) text += ' (without validating)';
  }
  return answer.delayMs ? `${text} after ${answer.delayMs} ms` : text;
}

function truncate(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
