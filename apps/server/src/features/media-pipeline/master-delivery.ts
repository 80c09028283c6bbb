// Shared by the local-disk and S3 tests of a master delivered by upload_id (issue 49).
import { expect } from 'vitest';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { bearer } from '../../test/helpers.js';
import { syntheticParts, uploadClient } from '../../test/uploads.js';
import { proresMov, type PipelineFixture } from './test-kit.js';

/** Over the 100 MB a single part takes: the upload goes in 16 MB parts. */
export const MASTER_BYTES = 110 * 1_048_576;

/**
 * The admin uploads a 110 MB ProRes master (a 2 s clip and its padding) in parts to the customer's folder, the
 * editor delivers it by upload_id, and the worker prepares it: the card's video as the reviewers then see it.
 */
export async function deliverMaster(f: PipelineFixture) {
  const clip = await proresMov();
  const { started, res } = await uploadClient(f.t, f.a.admin.token).upload(
    f.a.customer.id,
    'Master ProRes.mov',
    '',
    MASTER_BYTES,
    syntheticParts(clip, MASTER_BYTES),
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(started.part_count).toBeGreaterThan(1);
  const cardId = await f.moveToQa({ upload_id: started.upload_id });
  expect(await f.drain()).toBe(1);
  const reply = await f.t.app.inject({ method: 'GET', url: `/api/card/${cardId}`, headers: bearer(f.a.qa.token) });
  const detail = reply.json<CardDetailReply>();
  return { started, detail, video: detail.video_versions['version-0']![0]! };
}
