import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { MSG } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';
import { call } from '../../lib/call';
import { failureMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

export type UploadFilters = NonNullable<CallInput<typeof API.uploads.list>['query']>;

const UPLOADS_KEY = ['uploads'] as const;

/** One page of a customer's folder (spec 002 §2 "Upload page"); a customer's own without customer_id. */
export function useUploadedFiles(filters: UploadFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...UPLOADS_KEY, filters],
    queryFn: ({ signal }) => call(API.uploads.list, { query: filters, signal }),
    enabled,
    // Keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // While a video on the page is being processed, its status and then its poster follow.
    refetchInterval: (q) => (q.state.data?.files.some((f) => isPending(f.media)) ? MEDIA_POLL_MS : false),
  });
}

const MEDIA_POLL_MS = 3000;
const isPending = (media: MediaView | null) => media?.status === 'queued' || media?.status === 'processing';

/** The folders the caller may open, by name: the customer picker's options (an editor's include their cards' customers). */
export function useFolderSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...UPLOADS_KEY, 'folders', search],
    queryFn: ({ signal }) => call(API.uploads.folders, { query: search ? { search } : {}, signal }),
    select: (reply) => reply.customers,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A finished upload shows up in the list at once. */
export function useRefreshUploads() {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: UPLOADS_KEY }), [qc]);
}

/** Asks for a 15-minute signed link and lets the browser download it. */
export function useDownload() {
  return useMutation({
    mutationFn: (id: number) => call(API.uploads.download, { params: { id } }),
    onSuccess: ({ url }) => {
      const link = document.createElement('a');
      link.href = url;
      link.rel = 'noopener';
      link.download = '';
      document.body.appendChild(link);
      link.click();
      link.remove();
    },
    onError: (error) => notify.error(failureMessage(error, MSG.generic)),
  });
}
