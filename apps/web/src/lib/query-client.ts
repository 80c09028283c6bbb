import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** A 4xx will not change on retry; a network blip or 5xx gets one more try. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
