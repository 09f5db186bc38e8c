import { describe, expect, it } from 'vitest';
import { sharedLooks } from './shared-looks.ts';

/** A look whose answers the test releases one at a time. */
function heldLooks() {
  const asked: string[][] = [];
  const answers: Array<{ resolve: (value: string[]) => void; reject: (error: Error) => void }> = [];
  const look = sharedLooks(
    (keys: readonly string[]) =>
      new Promise<string[]>((resolve, reject) => {
        asked.push([...keys]);
        answers.push({ resolve, reject });
      }),
  );
  const settle = async () => {
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  };
  return { look, asked, answers, settle };
}

describe('looks shared by requests arriving together', () => {
  it('asks at once when no look is under way', async () => {
    const { look, asked, answers } = heldLooks();
    const answer = look('a');
    expect(asked).toEqual([['a']]);
    answers[0]?.resolve(['for a']);
    expect(await answer).toEqual(['for a']);
  });

  it('gathers the keys of requests arriving during a look into the next one', async () => {
    const { look, asked, answers, settle } = heldLooks();
    const first = look('a');
    const second = look('b');
    const third = look('c');
    const again = look('b');
    // Nobody joins the look under way: it may have been sent before they arrived.
    expect(asked).toEqual([['a']]);
    answers[0]?.resolve(['first']);
    expect(await first).toEqual(['first']);
    await settle();
    expect(asked).toEqual([['a'], ['b', 'c']]);
    answers[1]?.resolve(['next']);
    expect(await Promise.all([second, third, again])).toEqual([['next'], ['next'], ['next']]);
  });

  it('sends the next look only when the one under way is answered, also when it failed', async () => {
    const { look, asked, answers, settle } = heldLooks();
    const first = look('a');
    const second = look('b');
    answers[0]?.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    expect(asked).toEqual([['a'], ['b']]);
    answers[1]?.resolve(['after the failure']);
    expect(await second).toEqual(['after the failure']);
  });

  it('gives a failed look to everyone who joined it, and asks anew afterwards', async () => {
    const { look, asked, answers, settle } = heldLooks();
    const first = look('a');
    const joined = [look('b'), look('c')];
    answers[0]?.resolve(['first']);
    await first;
    await settle();
    answers[1]?.reject(new Error('timeout'));
    for (const answer of joined) await expect(answer).rejects.toThrow('timeout');
    const later = look('d');
    expect(asked).toEqual([['a'], ['b', 'c'], ['d']]);
    answers[2]?.resolve(['later']);
    expect(await later).toEqual(['later']);
  });
});
