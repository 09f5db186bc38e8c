import { describe, expect, it, vi } from 'vitest';
import {
  emptyResponse,
  jsonResponse,
  problemResponse,
  stubFetch,
  textResponse,
} from '../testing/fetch-stub.ts';
import { ApiError, apiFetch, apiRequest, configureApiClient } from './api-client.ts';
import { apiDownload } from './api-download.ts';
import { describeError } from './describe-error.ts';

function signIn(onUnauthorized = vi.fn()) {
  configureApiClient({ getAccessToken: () => 'token-123', onUnauthorized });
  return onUnauthorized;
}

describe('the API client', () => {
  it('attaches the bearer token to API calls', async () => {
    signIn();
    const { requests } = stubFetch({ 'GET /api/users/me': () => jsonResponse({ id: 1 }) });
    await apiRequest('/api/users/me');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it.each([
    ['HEAD', '/api/assets/user-7'],
    ['GET', '/api/assets/user-7'],
    ['GET', '/assets/logo.svg'],
  ] as const)(
    'sends %s %s without a bearer token: asset images are public',
    async (method, path) => {
      signIn();
      const { requests } = stubFetch({ [`${method} ${path}`]: () => emptyResponse(200) });
      await apiFetch(path, { method });
      expect(requests[0]?.headers.has('Authorization')).toBe(false);
    },
  );

  it('attaches the bearer token to an upload of an asset', async () => {
    signIn();
    const { requests } = stubFetch({ 'PUT /api/assets/user-7.png': () => emptyResponse(204) });
    const body = new FormData();
    body.append('image', new Blob(['png'], { type: 'image/png' }), 'me.png');
    await apiRequest('/api/assets/user-7.png', { method: 'PUT', body });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    // The browser sets the multipart boundary itself.
    expect(requests[0]?.headers.has('Content-Type')).toBe(false);
    expect(requests[0]?.body).toBe(body);
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const { requests } = stubFetch({ 'GET /api/settings/keycloak': () => jsonResponse({}) });
    await apiRequest('/api/settings/keycloak');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends JSON and reads JSON, text and empty answers', async () => {
    signIn();
    const { requests } = stubFetch({
      'PUT /api/users/me': () => jsonResponse({ saved: true }),
      'GET /api/users/me/sync-status': () => textResponse('Updated'),
      'PUT /api/users/me/email-verifications/abc': () => emptyResponse(204),
    });
    await expect(
      apiRequest('/api/users/me', { method: 'PUT', body: { city: 'Gouda' } }),
    ).resolves.toEqual({
      saved: true,
    });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.body).toBe('{"city":"Gouda"}');
    await expect(apiRequest('/api/users/me/sync-status')).resolves.toBe('Updated');
    await expect(
      apiRequest('/api/users/me/email-verifications/abc', { method: 'PUT' }),
    ).resolves.toBeUndefined();
  });

  it('writes lists in the query comma-separated and leaves out empty values', async () => {
    const { requests } = stubFetch({ 'GET /api/users': () => jsonResponse({ items: [] }) });
    await apiRequest('/api/users', {
      query: { roles: ['Lanner', 'Member'], missingRoles: undefined, offset: 0, limit: 100 },
    });
    expect(requests[0]?.url.search).toBe('?roles=Lanner%2CMember&offset=0&limit=100');
  });

  it('turns problem details into an ApiError with the messages per field', async () => {
    signIn();
    stubFetch({
      'PUT /api/users/me': () =>
        problemResponse(400, {
          title: 'Invalid input',
          detail: 'The profile has errors.',
          errors: { city: ['City is required'] },
        }),
    });
    const error = await apiRequest('/api/users/me', { method: 'PUT', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      title: 'Invalid input',
      detail: 'The profile has errors.',
      errors: { city: ['City is required'] },
    });
  });

  it('gives an ApiError for an answer that is not problem details', async () => {
    stubFetch({ 'GET /api/users/1': () => new Response('Bad gateway', { status: 502 }) });
    const error = await apiRequest('/api/users/1').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, errors: {} });
  });

  it('ends the session when the API refuses the bearer token', async () => {
    const onUnauthorized = signIn();
    stubFetch({ 'GET /api/users/me': () => problemResponse(401, { title: 'Unauthorized' }) });
    await expect(apiRequest('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('sends the extra headers a call gives, but always its own bearer token', async () => {
    signIn();
    const { requests } = stubFetch({ 'POST /api/lans/1/messages': () => jsonResponse({}, 202) });
    await apiRequest('/api/lans/1/messages', {
      method: 'POST',
      body: {},
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged' },
    });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });
});

describe('downloading a file', () => {
  function csvResponse(contentDisposition?: string) {
    const headers = new Headers({ 'Content-Type': 'text/csv; charset=utf-8' });
    if (contentDisposition) headers.set('Content-Disposition', contentDisposition);
    return new Response('nickname\nfrag\n', { status: 200, headers });
  }

  it('fetches with the bearer token and answers the file and its name', async () => {
    signIn();
    const { requests } = stubFetch({
      'GET /api/lans/1/participants.csv': () =>
        csvResponse('attachment; filename="winter-lan-participants.csv"'),
    });
    const download = await apiDownload('/api/lans/1/participants.csv');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(download.fileName).toBe('winter-lan-participants.csv');
    await expect(download.blob.text()).resolves.toBe('nickname\nfrag\n');
  });

  it.each([
    ['attachment; filename*=UTF-8\'\'caf%C3%A9.csv; filename="cafe.csv"', 'café.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename="say \\"hi\\".csv"', 'say "hi".csv'],
    ['attachment', null],
    [undefined, null],
  ])('reads the file name of %s', async (contentDisposition, fileName) => {
    stubFetch({ 'GET /file': () => csvResponse(contentDisposition) });
    await expect(apiDownload('/file')).resolves.toMatchObject({ fileName });
  });

  it('turns a refusal into an ApiError and ends a refused session', async () => {
    const onUnauthorized = signIn();
    stubFetch({
      'GET /api/lans/1/participants.csv': () =>
        problemResponse(403, { title: 'Forbidden', detail: 'Only lan administrators.' }),
      'GET /api/lans/2/participants.csv': () => problemResponse(401, { title: 'Unauthorized' }),
    });
    const error = await apiDownload('/api/lans/1/participants.csv').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, detail: 'Only lan administrators.' });
    await expect(apiDownload('/api/lans/2/participants.csv')).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe('describeError', () => {
  it('gives the problem’s detail, else its title', () => {
    const problem = { type: 'about:blank', title: 'Conflict', status: 409 };
    expect(describeError(new ApiError({ ...problem, detail: 'The lan is full.' }))).toBe(
      'The lan is full.',
    );
    expect(describeError(new ApiError(problem))).toBe('Conflict');
  });

  it('never gives the bare status text of a proxy in front of a stopped server', () => {
    expect(
      describeError(new ApiError({ type: 'about:blank', title: 'Bad Gateway', status: 502 })),
    ).toBe('The server had a problem answering.');
  });

  it('says the server could not be reached when no answer came', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe(
      'The server could not be reached. Check your connection.',
    );
  });
});
