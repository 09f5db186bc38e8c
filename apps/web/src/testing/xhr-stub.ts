import { vi } from 'vitest';

/** An upload as the stub saw it. */
export type StubbedUpload = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Document | XMLHttpRequestBodyInit | null | undefined;
};

/** The answer to an upload: a status, and problem details or nothing. */
export type UploadAnswer = { status: number; problem?: Record<string, unknown> };

type UploadResponder = (request: StubbedUpload) => UploadAnswer | Promise<UploadAnswer>;

/**
 * Replaces `XMLHttpRequest` — what an upload that reports its progress uses, since fetch
 * reports none — with answers keyed `"METHOD /path"`, like stubFetch. Each upload reports
 * half of it sent, then waits for its answer (a test may hold it back to see the progress);
 * a call nobody answered fails as a broken connection does.
 */
export function stubUploads(responders: Record<string, UploadResponder>) {
  const requests: StubbedUpload[] = [];

  class StubXMLHttpRequest {
    status = 0;
    responseText = '';
    readonly upload = new EventTarget();
    #events = new EventTarget();
    #method = 'GET';
    #url = '';
    #headers: Record<string, string> = {};
    #contentType = '';

    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.#headers[name] = value;
    }

    getResponseHeader(name: string): string | null {
      return name.toLowerCase() === 'content-type' ? this.#contentType : null;
    }

    addEventListener(type: string, listener: EventListener) {
      this.#events.addEventListener(type, listener);
    }

    send(body?: StubbedUpload['body']) {
      const url = new URL(this.#url, window.location.origin);
      const request = { method: this.#method, url, headers: this.#headers, body };
      requests.push(request);
      const responder = responders[`${this.#method} ${decodeURIComponent(url.pathname)}`];
      setTimeout(async () => {
        if (!responder) {
          this.#events.dispatchEvent(new Event('error'));
          return;
        }
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), { lengthComputable: true, loaded: 50, total: 100 }),
        );
        const answer = await responder(request);
        this.status = answer.status;
        if (answer.problem) {
          this.#contentType = 'application/problem+json';
          this.responseText = JSON.stringify({
            type: 'about:blank',
            status: answer.status,
            ...answer.problem,
          });
        }
        this.#events.dispatchEvent(new Event('load'));
      });
    }
  }

  vi.stubGlobal('XMLHttpRequest', StubXMLHttpRequest);
  return { requests };
}
