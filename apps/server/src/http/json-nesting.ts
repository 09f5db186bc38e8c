import { ProblemError } from './problems.ts';

/**
 * How many arrays and objects a JSON body may hold one inside the other. No call of ours
 * takes more than a few; anything deeper is refused before it is parsed, so nothing that
 * walks a parsed value (the NUL check, validation) can be made to overflow the stack.
 */
export const maximumJsonDepth = 32;

const quote = 0x22; // "
const backslash = 0x5c; // \
const openBracket = 0x5b; // [
const closeBracket = 0x5d; // ]
const openBrace = 0x7b; // {
const closeBrace = 0x7d; // }

/**
 * Whether JSON text nests arrays and objects deeper than `maximumDepth`: one pass over the
 * characters, counting `[` and `{` outside strings (a backslash in a string escapes the
 * character after it, so `\"` does not end the string and `\\` does not escape the quote
 * after it). Malformed text is left for JSON.parse to refuse.
 */
export function nestsDeeperThan(text: string, maximumDepth: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === backslash) index += 1;
      else if (code === quote) isInString = false;
    } else if (code === quote) {
      isInString = true;
    } else if (code === openBracket || code === openBrace) {
      depth += 1;
      if (depth > maximumDepth) return true;
    } else if (code === closeBracket || code === closeBrace) {
      depth -= 1;
    }
  }
  return false;
}

/** The 400 for a JSON body that nests deeper than `maximumJsonDepth`. */
export function jsonTooDeepError(): ProblemError {
  const detail = `The JSON body nests too deep: at most ${maximumJsonDepth} levels of arrays and objects are accepted.`;
  return new ProblemError(400, detail, { errors: { body: [detail] } });
}
