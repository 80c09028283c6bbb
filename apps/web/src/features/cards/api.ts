import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type ReplyOf } from '@cutroom/domain/contract';
import type { CreateCardBody, UpdateCardBody } from '@cutroom/domain/schemas';
import { call } from '../../lib/call';
import { uploadFile } from '../../lib/upload';
import type { RepurposeBody } from './request-values';

export type RequestAllowance = ReplyOf<typeof API.board.allowance>;

const KEYS = {
  allowance: ['requests', 'allowance'] as const,
  card: (cardId: number) => ['requests', 'card', cardId] as const,
  promise: (clientId: number | undefined) => ['requests', 'promise', clientId ?? 'own'] as const,
};

/** Whether this customer may create another request this period, with the tooltip text when not. */
export function useRequestAllowance(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.allowance,
    queryFn: ({ signal }) => call(API.board.allowance, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** "Expected by …" before submitting: the first cut a request made now would get (docs/promise-dates.md). */
export function usePromisePreview(clientId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: KEYS.promise(clientId),
    queryFn: ({ signal }) => call(API.promises.preview, { query: clientId ? { client_id: clientId } : {}, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useCardForEdit(cardId: number, enabled: boolean) {
  return useQuery({
    queryKey: KEYS.card(cardId),
    queryFn: ({ signal }) => call(API.cards.get, { params: { id: cardId }, signal }),
    enabled,
    // The edit form starts from what is saved now, not from a copy cached minutes ago.
    staleTime: 0,
    gcTime: 0,
    // A refetch would reset the form under the user's hands.
    refetchOnWindowFocus: false,
  });
}

/** Boards, lists, counts and card pages all show requests; their keys belong to other features. */
// Not awaited: the form closes or moves on at once while the lists refetch behind it.
const refreshEverything = (queryClient: ReturnType<typeof useQueryClient>) => void queryClient.invalidateQueries();

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCardBody) => call(API.cards.create, { body }),
    onSuccess: () => refreshEverything(queryClient),
  });
}

export function useUpdateRequest(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCardBody) => call(API.cards.update, { params: { id: cardId }, body }),
    onSuccess: () => refreshEverything(queryClient),
  });
}

/** Spec 000 §6: turns repurposing on for a card that was requested without it. */
export function useEnableRepurpose(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RepurposeBody) => call(API.cards.enableRepurpose, { params: { id: cardId }, body }),
    onSuccess: () => refreshEverything(queryClient),
  });
}

/** Spec 000 §6: turns the YouTube helper on for a card that was requested without it. */
export function useEnableYtHelper(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.cards.enableYtHelper, { params: { id: cardId }, body: {} }),
    onSuccess: () => refreshEverything(queryClient),
  });
}

/** Uploads a recorded voice note through the storage layer and gives back its /files/ path. */
export function useUploadVoiceNote() {
  return useMutation({
    mutationFn: async (file: File) => {
      const reply = await uploadFile(file, 'voice_note');
      // Stored as the portal-relative /files/… path, so it survives a change of host.
      return reply.url;
    },
  });
}
