import { createServer } from 'node:http';
import type { RecordedAnswer } from './children.ts';

/**
 * The floor, in a process of its own: a bare `node:http` server answering each recorded
 * read with the very bytes the real server answered it with (status, header lines, body),
 * from memory. What no server on this machine can beat: the cost of HTTP itself.
 * Started by children.ts, which sends the answers and is told the port.
 */
process.once('message', (message: { answers: RecordedAnswer[] }) => {
  const answers = new Map(
    message.answers.map((answer) => [
      answer.path,
      {
        status: answer.status,
        headers: answer.headers.flat(),
        body: Buffer.from(answer.body, 'base64'),
      },
    ]),
  );
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404, { 'content-length': '0' });
      response.end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.once('disconnect', () => process.exit(0));
});
