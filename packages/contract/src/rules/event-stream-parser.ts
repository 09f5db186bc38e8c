/** One message of a server-sent event stream (the fields the HTML standard defines). */
export type StreamMessage = {
  /** The `event:` field; "message" when the server named none. */
  event: string;
  data: string;
  /** The `id:` field of this message, if it had one. */
  id: string | undefined;
};

/**
 * Reads a text/event-stream as it arrives, chunk by chunk, the way the HTML standard's
 * EventSource does: lines end in LF, CR or CRLF (also split across chunks), a blank line
 * ends a message, `:` lines are comments (the server's keep-alive), `retry:` is the wait
 * before reconnecting. Fed text, it calls back once per whole message. The one reader of
 * the live update streams: the web app's, the benchmarks' and the server tests'.
 */
export function createEventStreamParser(handlers: {
  onMessage: (message: StreamMessage) => void;
  onRetry?: (milliseconds: number) => void;
  /** A comment line, its `:` included (the server's keep-alive). */
  onComment?: (line: string) => void;
}) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let sawField = false;

  function dispatch() {
    if (sawField && data.length > 0) {
      handlers.onMessage({ event: event || 'message', data: data.join('\n'), id });
    }
    event = '';
    data = [];
    id = undefined;
    sawField = false;
  }

  function readLine(line: string) {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return handlers.onComment?.(line);
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    sawField = true;
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id' && !value.includes('\0')) id = value;
    else if (name === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  }

  return {
    push(text: string) {
      buffer += text;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      const pattern = /\r\n|\r(?!$)|\n/g;
      let start = 0;
      for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
        readLine(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
  };
}
