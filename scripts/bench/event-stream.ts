import { createEventStreamParser, type LiveEvent, readLiveEvent } from '@lanparty/contract/rules';

/**
 * A live update stream read as the web app reads it: the contract's stream parser and
 * `readLiveEvent`. Fed the stream's text as it comes, it hands on each message's name (its
 * `event:`) and its event, null for one the contract does not know.
 */
export function liveEventReader(
  heard: (name: string, event: LiveEvent | null) => void,
): (text: string) => void {
  const parser = createEventStreamParser({
    onMessage: ({ event, data }) => heard(event, readLiveEvent(event, data)),
  });
  return (text) => parser.push(text);
}
