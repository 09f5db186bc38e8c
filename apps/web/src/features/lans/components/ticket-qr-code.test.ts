import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerQrCodeRequests, type QrCodeRequest, qrCodeSvg } from './qr-code-svg.ts';

const DOOR_URL = 'https://lanparty.example/admin/lans/1/check-in#code=7K3M9QX2T5VBN8RD4HWCJ6PZAE';

/** A worker running qr-code.worker.ts's handler in this thread, answering asynchronously. */
class WorkingWorker extends EventTarget {
  static posted: QrCodeRequest[] = [];
  readonly inside = new EventTarget();
  constructor() {
    super();
    answerQrCodeRequests({
      addEventListener: (type: string, listener: EventListener) =>
        this.inside.addEventListener(type, listener),
      postMessage: (data: unknown) =>
        setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data }))),
    } as unknown as Worker);
  }
  postMessage(data: QrCodeRequest) {
    WorkingWorker.posted.push(data);
    setTimeout(() => this.inside.dispatchEvent(new MessageEvent('message', { data })));
  }
}

/** A worker whose script cannot be loaded: it answers nothing and reports an error. */
class BrokenWorker extends EventTarget {
  static created = 0;
  constructor() {
    super();
    BrokenWorker.created += 1;
  }
  postMessage() {
    setTimeout(() => this.dispatchEvent(new Event('error')));
  }
}

// Each test gets the module afresh: it keeps its worker (or its failure) for the page.
const loadModule = () => import('./ticket-qr-code.tsx');

beforeEach(() => {
  vi.resetModules();
  WorkingWorker.posted = [];
  BrokenWorker.created = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('qrCodeMarkup', () => {
  it('draws the code in a module worker, the same picture as drawn here', async () => {
    vi.stubGlobal('Worker', WorkingWorker);
    const { qrCodeMarkup } = await loadModule();
    const [first, second] = await Promise.all([qrCodeMarkup(DOOR_URL), qrCodeMarkup('other')]);
    expect(first).toBe(qrCodeSvg(DOOR_URL));
    expect(second).toBe(qrCodeSvg('other'));
    expect(WorkingWorker.posted.map((request) => request.value)).toEqual([DOOR_URL, 'other']);
  });

  it('answers each request with its own code when several are drawn at once', async () => {
    vi.stubGlobal('Worker', WorkingWorker);
    const { qrCodeMarkup } = await loadModule();
    const values = ['a', 'b', 'c', 'd'];
    const sources = await Promise.all(values.map((value) => qrCodeMarkup(value)));
    expect(sources).toEqual(values.map((value) => qrCodeSvg(value)));
  });

  it('draws the code here when the worker fails, and stops asking it', async () => {
    vi.stubGlobal('Worker', BrokenWorker);
    const { qrCodeMarkup } = await loadModule();
    expect(await qrCodeMarkup(DOOR_URL)).toBe(qrCodeSvg(DOOR_URL));
    expect(await qrCodeMarkup('later')).toBe(qrCodeSvg('later'));
    expect(BrokenWorker.created).toBe(1);
  });

  it('draws the code here when no worker may be started at all', async () => {
    let attempts = 0;
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          attempts += 1;
          throw new DOMException('Refused by the content security policy', 'SecurityError');
        }
      },
    );
    const { qrCodeMarkup } = await loadModule();
    expect(await qrCodeMarkup(DOOR_URL)).toBe(qrCodeSvg(DOOR_URL));
    expect(await qrCodeMarkup('later')).toBe(qrCodeSvg('later'));
    expect(attempts).toBe(1);
  });

  it('draws the code here where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { qrCodeMarkup } = await loadModule();
    expect(await qrCodeMarkup(DOOR_URL)).toBe(qrCodeSvg(DOOR_URL));
  });

  it('fails, rather than drawing a wrong code, for a value too long for any QR code', async () => {
    vi.stubGlobal('Worker', WorkingWorker);
    const { qrCodeMarkup } = await loadModule();
    await expect(qrCodeMarkup('x'.repeat(8000))).rejects.toThrow();
  });
});
