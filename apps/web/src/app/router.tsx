import { createBrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createRoutes } from './routes';

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
