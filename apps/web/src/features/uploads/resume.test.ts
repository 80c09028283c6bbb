import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import { fakeServer } from '../../test/fake-server';
import { fileFingerprint, forgetUpload, rememberUpload, storedUploadId } from './resume-store';
import { isCanceled, startFileUpload } from './upload-engine';
import { FakeXhr, makeUploadedFile, partUrls } from './upload-test-kit';

const STORE = 'cutroom.upload-resume';
const cut = () => new File(['a'.repeat(30)], 'Final cut.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
const started = { upload_id: 9, key: 'uploads/3/x', file_name: 'x', part_size: 10, part_count: 3 };
const stored = (parts: number[]) => ({
  body: {
    upload_id: 9,
    size: 30,
    part_size: 10,
    part_count: 3,
    parts: parts.map((n) => ({ part_number: n, size: 10, etag: `etag-${n}` })),
  },
});
const completed = { body: { message: MSG.uploadComplete, file: makeUploadedFile({ id: 9 }) } };
const sentParts = () => FakeXhr.sent.map((s) => Number(/\/parts\/(\d+)/.exec(s.url)![1])).sort();

afterEach(() => {
  FakeXhr.sent = [];
  FakeXhr.delayMs = 5;
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the resume store', () => {
  it('keeps an upload id per file and customer, forgets it, and drops week-old entries', () => {
    const file = cut();
    const mine = fileFingerprint(file, 3);
    expect(mine).not.toBe(fileFingerprint(file, 4));
    expect(mine).not.toBe(fileFingerprint(new File(['b'], 'Final cut.mp4', { lastModified: file.lastModified }), 3));
    expect(storedUploadId(mine)).toBeNull();
    rememberUpload(mine, 9, 1000);
    expect(storedUploadId(mine, 2000)).toBe(9);
    expect(storedUploadId(mine, 1000 + 8 * 24 * 3600 * 1000)).toBeNull();
    expect(localStorage.getItem(STORE)).toBeNull();
    rememberUpload(mine, 9);
    forgetUpload(mine);
    expect(storedUploadId(mine)).toBeNull();
  });

  it('reads a damaged store as empty', () => {
    localStorage.setItem(STORE, '{not json');
    expect(storedUploadId('x')).toBeNull();
  });
});

describe('a resumable upload', { timeout: 10_000 }, () => {
  it('remembers a fresh upload until it completes, then forgets it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let keptWhileSending: string | null = null;
    const server = fakeServer({
      'POST /api/uploads': { status: 201, body: started },
      'POST /api/uploads/9/part-urls': partUrls(9),
      'POST /api/uploads/9/complete': () => {
        keptWhileSending = localStorage.getItem(STORE);
        return completed;
      },
    });
    const done = await startFileUpload(cut(), 3, () => {}, { resumable: true }).done;
    expect(done.id).toBe(9);
    expect(sentParts()).toEqual([1, 2, 3]);
    expect(keptWhileSending).toContain('"upload_id":9');
    expect(localStorage.getItem(STORE)).toBeNull();
    expect(server.callsTo('GET', '/api/uploads/9/parts')).toHaveLength(0);
  });

  it('picks up the same file where it stopped: asks the stored parts and sends only the rest', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    rememberUpload(fileFingerprint(cut(), 3), 9);
    const server = fakeServer({
      'GET /api/uploads/9/parts': stored([1, 3]),
      'POST /api/uploads/9/part-urls': partUrls(9),
      'POST /api/uploads/9/complete': completed,
    });
    const progress: number[] = [];
    await startFileUpload(cut(), 3, (p) => progress.push(p.resumedParts), { resumable: true }).done;
    expect(server.callsTo('POST', '/api/uploads')).toHaveLength(0);
    expect(sentParts()).toEqual([2]);
    expect(progress.at(-1)).toBe(2);
    expect(server.callsTo('POST', '/api/uploads/9/complete')[0]!.body).toEqual({
      parts: [
        { part_number: 1, etag: 'etag-1' },
        { part_number: 3, etag: 'etag-3' },
        { part_number: 2, etag: 'etag-2' },
      ],
    });
    expect(localStorage.getItem(STORE)).toBeNull();
  });

  it('starts afresh when the remembered upload is gone (canceled or expired)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    rememberUpload(fileFingerprint(cut(), 3), 4);
    const server = fakeServer({
      // 'GET /api/uploads/4/parts' is not routed: 404, as for an upload the server no longer has.
      'POST /api/uploads': { status: 201, body: started },
      'POST /api/uploads/9/part-urls': partUrls(9),
      'POST /api/uploads/9/complete': completed,
    });
    await startFileUpload(cut(), 3, () => {}, { resumable: true }).done;
    expect(server.callsTo('GET', '/api/uploads/4/parts')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/uploads')).toHaveLength(1);
    expect(sentParts()).toEqual([1, 2, 3]);
  });

  it('forgets a canceled upload and drops its parts on the server', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const server = fakeServer({
      'POST /api/uploads': { status: 201, body: started },
      'POST /api/uploads/9/part-urls': partUrls(9),
      'DELETE /api/uploads/9': { body: { message: MSG.uploadCanceled } },
    });
    FakeXhr.delayMs = 10_000;
    const task = startFileUpload(cut(), 3, () => {}, { resumable: true });
    await vi.waitFor(() => expect(localStorage.getItem(STORE)).toContain('"upload_id":9'));
    task.cancel();
    await expect(task.done).rejects.toSatisfy(isCanceled);
    expect(localStorage.getItem(STORE)).toBeNull();
    await vi.waitFor(() => expect(server.callsTo('DELETE', '/api/uploads/9')).toHaveLength(1));
  });
});
