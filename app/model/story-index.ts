// The index lives in the wire module so the proxy answers "the entries of call X" with the same rules the page uses.
export { StoryIndex } from '@wire/story-index';
