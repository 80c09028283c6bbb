import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { UploadedFile } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const file = (over: Partial<UploadedFile> = {}): UploadedFile => ({
  id: 5,
  customer_id: 3,
  file_name: 'Raw-take-20261125-142930123.mp4',
  key: 'uploads/3/Raw-take-20261125-142930123.mp4',
  bytes: 2_500_000,
  content_type: 'video/mp4',
  uploaded_by: 'Ada Admin',
  created_at: '2026-11-25T14:29:30.123Z',
  media: null,
  ...over,
});
const listReply = (files: UploadedFile[]) => ({ body: { files, count: files.length, page: 1, page_size: 10 } });

/** The browser's XMLHttpRequest for part PUTs: reports progress, then answers the part's ETag. */
class FakeXhr {
  static sent: { url: string; size: number; headers: Record<string, string> }[] = [];
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onloadend: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  abort() {}
  send(body: Blob) {
    FakeXhr.sent.push({ url: this.url, size: body.size, headers: this.headers });
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: body.size / 2 });
      this.status = 200;
      this.responseText = JSON.stringify({ part_number: 1, size: body.size, etag: 'abc123' });
      this.onloadend?.();
    }, 10);
  }
}

afterEach(() => {
  FakeXhr.sent = [];
  vi.unstubAllGlobals();
});

describe('upload page', { timeout: 15_000 }, () => {
  it('shows a customer their own folder without a picker and downloads through a signed link', async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'customer', client_id: 3 }) },
      'GET /api/uploads': listReply([file()]),
      'GET /api/uploads/5/download': {
        body: { url: '/api/uploads/5/file?expires=1&sig=x', expires_at: '2026-11-25T15:00:00Z' },
      },
    });
    const user = userEvent.setup();
    renderApp('/upload');
    const table = await screen.findByRole('table', { name: 'Uploaded files' });
    expect(within(table).getByText('Raw-take-20261125-142930123.mp4')).toBeTruthy();
    expect(within(table).getByText('2.4 MB')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    // A customer's list names no folder: the server gives them their own.
    expect(server.callsTo('GET', '/api/uploads')[0]!.path).toBe('/api/uploads');
    await user.click(screen.getByRole('button', { name: 'Download Raw-take-20261125-142930123.mp4' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/uploads/5/download')).toHaveLength(1));
  });

  it('asks staff to pick a customer, then sends a picked file in parts and lists it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let uploaded = false;
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/uploads/folders': { body: { customers: [{ client_id: 3, fullname: 'Cleo Creator' }] } },
      'GET /api/uploads': () => listReply(uploaded ? [file()] : []),
      'POST /api/uploads': {
        status: 201,
        body: { upload_id: 9, key: 'uploads/3/x', file_name: 'x', part_size: 11, part_count: 1 },
      },
      'POST /api/uploads/9/part-urls': {
        body: { urls: [{ part_number: 1, url: '/api/uploads/9/parts/1?expires=1&sig=s', expires_at: '' }] },
      },
      'POST /api/uploads/9/complete': () => {
        uploaded = true;
        return { body: { message: MSG.uploadComplete, file: file() } };
      },
    });
    const user = userEvent.setup();
    renderApp('/upload');
    expect(await screen.findByText(MSG.uploadPickCustomer)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Customer' }));
    await user.click(await screen.findByRole('option', { name: 'Cleo Creator' }));
    expect(await screen.findByText(MSG.uploadNoFiles)).toBeTruthy();

    const input = screen.getByTestId<HTMLInputElement>('upload-input');
    await user.upload(input, [
      new File(['hello world'], 'take one.mp4', { type: 'video/mp4' }),
      new File([], 'empty.mp4'),
    ]);
    expect(await screen.findByText(MSG.fileEmpty)).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST', '/api/uploads/9/complete')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/uploads')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/uploads')[0]!.body).toEqual({
      customer_id: 3,
      file_name: 'take one.mp4',
      size: 11,
      content_type: 'video/mp4',
    });
    expect(server.callsTo('POST', '/api/uploads/9/complete')[0]!.body).toEqual({
      parts: [{ part_number: 1, etag: 'abc123' }],
    });
    expect(FakeXhr.sent).toEqual([
      {
        url: '/api/uploads/9/parts/1?expires=1&sig=s',
        size: 11,
        headers: expect.objectContaining({
          'Content-Type': 'application/octet-stream',
          'X-Requested-With': 'cutroom-web',
        }),
      },
    ]);
    const row = screen.getByRole('listitem', { name: 'take one.mp4' });
    expect(await within(row).findByText('Uploaded')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Uploaded files' })).toBeTruthy();
  });

  it('cancels a file in flight: the request stops and the server drops its parts', async () => {
    /** A part PUT that hangs until it is aborted. */
    class HangingXhr extends FakeXhr {
      override send() {}
      override abort() {
        this.onloadend?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    const server = fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'customer', client_id: 3 }) },
      'GET /api/uploads': listReply([]),
      'POST /api/uploads': {
        status: 201,
        body: { upload_id: 9, key: 'uploads/3/x', file_name: 'x', part_size: 5, part_count: 1 },
      },
      'POST /api/uploads/9/part-urls': {
        body: { urls: [{ part_number: 1, url: '/api/uploads/9/parts/1?expires=1&sig=s', expires_at: '' }] },
      },
      'DELETE /api/uploads/9': { body: { message: MSG.uploadCanceled } },
    });
    const user = userEvent.setup();
    renderApp('/upload');
    await user.upload(await screen.findByTestId<HTMLInputElement>('upload-input'), [new File(['hello'], 'slow.mov')]);
    const row = await screen.findByRole('listitem', { name: 'slow.mov' });
    await within(row).findByText('Uploading');
    await waitFor(() => expect(server.callsTo('POST', '/api/uploads/9/part-urls')).toHaveLength(1));
    await user.click(within(row).getByRole('button', { name: 'Cancel slow.mov' }));
    expect(await within(row).findByText('Canceled')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('DELETE', '/api/uploads/9')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/uploads/9/complete')).toHaveLength(0);
  });
});
