// The score form says when a change is a logged correction and needs a reason, and shows the server's 422
// messages on its fields; the import uploads the chosen file at once and lists every row problem in order.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScoreEditModal } from '../../../../../src/client/features/scores/components/ScoreEditModal.tsx';
import {
  SCORE_IMPORT_MAX_BYTES,
  useScoreImport,
} from '../../../../../src/client/features/scores/components/ScoreImport.tsx';
import type { PlanScoreRow, ScorePlanInfo } from '../../../../../src/client/features/scores/api.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({ saveScore: vi.fn(), importScores: vi.fn() }));
vi.mock('../../../../../src/client/features/scores/api.ts', () => api);

const renderUi = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
beforeEach(() => {
  setLanguage('zh');
  api.saveScore.mockReset();
  api.importScores.mockReset();
});
afterEach(() => cleanup());

const plan = (published: boolean): ScorePlanInfo => ({
  id: 7,
  code: 'P7',
  title: '电工四级',
  state: published ? 'scores_published' : 'exam_held',
  pass_theory: 60,
  pass_practical: 60,
  published,
});
const row: PlanScoreRow = {
  enrollment_id: 31,
  learner_id: 4,
  state: 'passed',
  ticket_no: 'P7-1-01-01',
  name: '张伟',
  id_number: '110101199001011234',
  score: {
    theory: 80,
    practical: 75,
    total: 155,
    absent: false,
    cheating: false,
    passed: true,
    result: '合格',
    entered_at: '2026-11-01T00:00:00Z',
    published_at: '2026-11-02T00:00:00Z',
  },
  certificate: null,
};

describe('score form', () => {
  it('after publication warns that this is a logged correction and requires a reason', async () => {
    const onSaved = vi.fn();
    renderUi(<ScoreEditModal row={row} plan={plan(true)} onClose={() => {}} onSaved={onSaved} />);
    expect(await screen.findByTestId('score-correction-notice')).toBeTruthy();
    fireEvent.click(screen.getByTestId('score-save'));
    expect(await screen.findByText('成绩已发布，更正须填写原因（至少 2 个字）')).toBeTruthy();
    expect(api.saveScore).not.toHaveBeenCalled();

    api.saveScore.mockResolvedValue(row.score);
    fireEvent.change(screen.getByTestId('score-reason'), { target: { value: '复核登分错误' } });
    fireEvent.click(screen.getByTestId('score-save'));
    await waitFor(() =>
      expect(api.saveScore).toHaveBeenCalledWith(31, {
        theory: 80,
        practical: 75,
        absent: false,
        cheating: false,
        reason: '复核登分错误',
      }),
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("shows the server's 422 message on its field", async () => {
    api.saveScore.mockRejectedValue(
      new ApiError(422, 'x', {
        message: 'x',
        errors: { reason: ['该考生已发证书 Y1，请先撤销证书再更正为不合格'] },
      }),
    );
    renderUi(<ScoreEditModal row={row} plan={plan(true)} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(await screen.findByTestId('score-reason'), { target: { value: '缺考补录' } });
    fireEvent.click(screen.getByTestId('score-absent'));
    fireEvent.click(screen.getByTestId('score-save'));
    expect(await screen.findByText('该考生已发证书 Y1，请先撤销证书再更正为不合格')).toBeTruthy();
  });

  it('before publication has no reason field', async () => {
    renderUi(<ScoreEditModal row={row} plan={plan(false)} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByTestId('score-save');
    expect(screen.queryByTestId('score-reason')).toBeNull();
    expect(screen.queryByTestId('score-correction-notice')).toBeNull();
  });
});

function Importer({ onImported }: { onImported: () => void }) {
  const importer = useScoreImport({ planId: 7, blockedKey: null, onImported });
  return (
    <>
      {importer.control}
      {importer.report}
    </>
  );
}

const xlsx = (size = 10) => {
  const file = new File(['x'], 'scores.xlsx');
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('score import', () => {
  it('lists every row problem in spreadsheet order and says nothing was imported', async () => {
    api.importScores.mockRejectedValue(
      new ApiError(422, '共 2 行有误', {
        message: '共 2 行有误',
        errors: { 'row 12': ['第 12 行：实操成绩须在 0-100 之间'], 'row 3': ['第 3 行：姓名与考生不符'] },
      }),
    );
    const onImported = vi.fn();
    renderUi(<Importer onImported={onImported} />);
    fireEvent.change(screen.getByTestId('scores-import-input'), { target: { files: [xlsx()] } });
    const report = await screen.findByTestId('scores-import-errors');
    expect(within(report).getByText(/未导入任何成绩/)).toBeTruthy();
    expect(
      within(report)
        .getAllByTestId('scores-import-error')
        .map((item) => item.textContent),
    ).toEqual(['第 3 行：姓名与考生不符', '第 12 行：实操成绩须在 0-100 之间']);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('reports the count on success and reloads', async () => {
    api.importScores.mockImplementation(async (_plan: number, _file: File, progress: (p: number) => void) => {
      progress(50);
      return { imported: 3 };
    });
    const onImported = vi.fn();
    renderUi(<Importer onImported={onImported} />);
    fireEvent.change(screen.getByTestId('scores-import-input'), { target: { files: [xlsx()] } });
    expect((await screen.findByTestId('scores-import-done')).textContent).toContain('已导入 3 名考生的成绩');
    expect(onImported).toHaveBeenCalled();
  });

  it('refuses a file over 5 MB before uploading', async () => {
    renderUi(<Importer onImported={() => {}} />);
    fireEvent.change(screen.getByTestId('scores-import-input'), {
      target: { files: [xlsx(SCORE_IMPORT_MAX_BYTES + 1)] },
    });
    expect((await screen.findByTestId('scores-import-errors')).textContent).toContain('5 MB');
    expect(api.importScores).not.toHaveBeenCalled();
  });
});
