/**
 * A look at the database that requests arriving together share: one query answers many
 * of them, each with what it asked for (its key). Under load this is most of the saving;
 * with one request at a time every look is its own query, as without sharing.
 *
 * A look already under way may have been sent before a request arrived, and so before a
 * write its caller made and was answered for: sharing it could show that caller what it
 * had just changed as unchanged. So a request never joins a look under way; it joins the
 * next one, sent as soon as the one under way is answered, together with every request
 * that arrived meanwhile. Each request still sees the database as it was after it arrived.
 */
export function sharedLooks<Key, Answer>(
  look: (keys: readonly Key[]) => Promise<Answer>,
): (key: Key) => Promise<Answer> {
  let running: Promise<Answer> | undefined;
  let next: { keys: Set<Key>; answer: Promise<Answer> } | undefined;

  const start = (keys: Set<Key>): Promise<Answer> => {
    const answer = look([...keys]);
    running = answer;
    const done = () => {
      if (running === answer) running = undefined;
    };
    answer.then(done, done);
    return answer;
  };

  return (key) => {
    if (!running) return start(new Set([key]));
    if (!next) {
      const keys = new Set<Key>();
      const after = () => {
        next = undefined;
        return start(keys);
      };
      next = { keys, answer: running.then(after, after) };
    }
    next.keys.add(key);
    return next.answer;
  };
}
