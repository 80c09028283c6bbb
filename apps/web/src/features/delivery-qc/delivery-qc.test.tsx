import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { MSG, QC_REVIEW_CONFIRM, QC_TEXT, fill } from '@cutroom/domain';
import type { ChecklistReply, QcView } from '@cutroom/domain/schemas';
import { renderApp } from '../../test/render-app';
import { makeCardDetail, makeMedia, makeVideo } from '../../test/fixtures';
import { boardServer, makeCard } from '../board/board-test-kit';
import { LoudnessFigure, QcStrip } from './public';

const qc: QcView = {
  status: 'done',
  integrated_lufs: -5.6,
  loudness_range: 3.1,
  true_peak_dbtp: -0.4,
  target: 'youtube',
  has_audio: true,
  findings: [
    { kind: 'black', time_in: 2, time_out: 3, text: QC_TEXT.black(2, 3) },
    { kind: 'silence', time_in: 7, time_out: 8.5, text: QC_TEXT.silence(7, 8.5) },
    { kind: 'loudness', time_in: null, time_out: null, text: 'Integrated loudness −5.6 LUFS; lower it by 8.4 dB' },
  ],
};

describe('delivery QC in the player', () => {
  it('draws each stretch where it is on the timeline, and a click steps to its start', async () => {
    const onSeek = vi.fn();
    render(
      <MantineProvider>
        <QcStrip qc={qc} duration={10} onSeek={onSeek} />
      </MantineProvider>,
    );
    const stretches = screen.getAllByTestId('qc-finding');
    expect(stretches.map((s) => [s.dataset.kind, s.style.left, s.style.width])).toEqual([
      ['black', '20%', '10%'],
      ['silence', '70%', '15%'],
    ]);
    expect(stretches[1]!.getAttribute('aria-label')).toBe(QC_TEXT.silence(7, 8.5));
    await userEvent.setup().click(stretches[1]!);
    expect(onSeek).toHaveBeenCalledWith(7);
  });

  it('says the loudness beside the quality menu, marked when it is off the target, and says when there is no audio', () => {
    const { rerender } = render(
      <MantineProvider>
        <LoudnessFigure qc={qc} />
      </MantineProvider>,
    );
    const figure = screen.getByTestId('qc-loudness');
    expect(figure.textContent).toBe('−5.6 LUFS');
    expect(figure.dataset.off).toBe('true');
    rerender(
      <MantineProvider>
        <LoudnessFigure qc={{ ...qc, integrated_lufs: null, true_peak_dbtp: null, has_audio: false, findings: [] }} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('qc-loudness').textContent).toBe('No audio');
    expect(screen.getByTestId('qc-loudness').dataset.off).toBeUndefined();
  });
});

describe('moving a card from QA to Review', { timeout: 15_000 }, () => {
  it("lists delivery QC's open findings and asks to confirm before Submit", async () => {
    const team: ChecklistReply = {
      last_round: 0,
      open: 1,
      items: [
        {
          note_id: 31,
          round: 0,
          state: 'fixed',
          text: QC_TEXT.black(2, 3),
          author: 'Automatic QC',
          video_time: 2,
          note_for_video_number: 1,
          wont_fix_reason: null,
        },
        {
          note_id: 32,
          round: 0,
          state: 'open',
          text: QC_TEXT.silence(7, 8.5),
          author: 'Automatic QC',
          video_time: 7,
          note_for_video_number: 1,
          wont_fix_reason: null,
        },
      ],
    };
    boardServer('qa', [makeCard({ card_id: 4, card_status: 'qa' })], {
      'GET /api/card/4': {
        body: makeCardDetail({
          card_id: 4,
          card_status: 'qa',
          done_video_link: 'https://cdn.example.com/qa-cut.mp4',
          video_versions: { 'version-0': [makeVideo(0, { media: makeMedia({ qc }) })] },
        }),
      },
      'GET /api/card/4/checklist': { body: team },
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('status-menu-4'));
    await user.click(await screen.findByRole('menuitem', { name: 'Review' }));
    const dialog = await screen.findByTestId('done-dialog');
    const open = await within(dialog).findByTestId('review-open-qc');
    expect(within(open).getByText(fill(QC_REVIEW_CONFIRM.ask, { count: '2' }))).toBeTruthy();
    expect(
      within(open)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`0:07 · ${QC_TEXT.silence(7, 8.5)}`, 'Integrated loudness −5.6 LUFS; lower it by 8.4 dB']);
    await user.type(within(dialog).getByLabelText(MSG.syncIdLabel), 'SYNC-42');
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>(/^Video link/).value).not.toBe(''));
    expect(submit.disabled).toBe(true);
    await user.click(within(open).getByTestId('review-open-qc-confirm'));
    expect(submit.disabled).toBe(false);
  });
});
