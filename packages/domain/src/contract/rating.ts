import { STAFF_ROLES } from '../roles.js';
import {
  assignNewQaBody,
  customerRatingsQuery,
  customerRatingsReply,
  getCardBody,
  getCardReply,
  ratingUpdateBody,
  ratingUpdateReply,
  updatedRatingsQuery,
  updatedRatingsReply,
} from '../schemas/reports.js';
import { defineRoute } from './define.js';

const tags = ['rating'];

/** Rating admin (spec 002 §2 "Rating admin"); the paths are ours. */
export const RATING = {
  getCard: defineRoute({
    method: 'POST',
    path: '/api/getCard',
    tags,
    summary: "One card's ratable parts with their rating and QA (the rating form's lookup)",
    access: STAFF_ROLES,
    body: getCardBody,
    reply: getCardReply,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/rating/update',
    tags,
    summary: 'Set a rating and/or its QA with a reason; every change is kept',
    access: ['admin'],
    body: ratingUpdateBody,
    reply: ratingUpdateReply,
  }),
  assignNewQa: defineRoute({
    method: 'POST',
    path: '/api/assignNewQA',
    tags,
    summary: 'Give a rating to another QA, its value unchanged, with a reason',
    access: ['admin'],
    body: assignNewQaBody,
    reply: ratingUpdateReply,
  }),
  updated: defineRoute({
    method: 'GET',
    path: '/api/rating/updated',
    tags,
    summary: 'Rating changes, newest first, 10 a page',
    access: ['admin'],
    query: updatedRatingsQuery,
    reply: updatedRatingsReply,
  }),
  customers: defineRoute({
    method: 'GET',
    path: '/api/rating/customer-rated',
    tags,
    summary: 'Ratings customers gave, newest first, 10 a page',
    access: ['admin'],
    query: customerRatingsQuery,
    reply: customerRatingsReply,
  }),
} as const;
