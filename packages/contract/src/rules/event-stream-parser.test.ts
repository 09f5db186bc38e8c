import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type StreamMessage } from './event-stream-parser.ts';

function parse(...chunks: string[]) {
  const messages: StreamMessage[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser({
    onMessage: (message) => messages.push(message),
    onRetry: (milliseconds) => retries.push(milliseconds),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { messages, retries };
}

describe('the event stream parser', () => {
  it('reads the events the server writes, skipping keep-alive comments', () => {
    const { messages, retries } = parse(
      'retry: 3000\n\n',
      'id: 7\nevent: lan\ndata: {"lanId":3}\n\n',
      ': keep-alive\n\n',
      'event: resync\ndata: {}\n\n',
    );
    expect(retries).toEqual([3000]);
    expect(messages).toEqual([
      { event: 'lan', data: '{"lanId":3}', id: '7' },
      { event: 'resync', data: '{}', id: undefined },
    ]);
  });

  it('puts together a message split anywhere across chunks, CRLF included', () => {
    const { messages } = parse(
      'id: 1',
      '2\r',
      '\nevent: subsc',
      'riber\r\ndata: {"a":',
      '1}\r\n\r',
      '\n',
    );
    expect(messages).toEqual([{ event: 'subscriber', data: '{"a":1}', id: '12' }]);
  });

  it('joins data lines, names an unnamed event "message", and waits for the blank line', () => {
    const { messages } = parse('data: one\ndata: two\n\n', 'data: not yet\n');
    expect(messages).toEqual([{ event: 'message', data: 'one\ntwo', id: undefined }]);
  });

  it('ignores unknown fields and a retry that is not a number', () => {
    const { messages, retries } = parse('retry: soon\nfoo: bar\n\n', 'event: user\ndata: {}\n\n');
    expect(retries).toEqual([]);
    expect(messages).toEqual([{ event: 'user', data: '{}', id: undefined }]);
  });
});
