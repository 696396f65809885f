// The kit's Excel import and download: a refused file is listed row by row and writes nothing, "import the
// valid rows" sends the same file again asking for them and lists what was left out; a download shows the
// bytes received and is saved under the page's file name.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../../src/client/lib/api/errors.ts';
import { fetchWithProgress } from '../../../../../../src/client/lib/kit/excel/download.ts';
import { refusalsByRow, refusedRowsOf } from '../../../../../../src/client/lib/kit/excel/import-report.ts';
import {
  useExcelImport,
  type ImportUpload,
} from '../../../../../../src/client/lib/kit/excel/use-excel-import.tsx';
import { setLanguage } from '../../../../../../src/client/lib/state/preferences.ts';
import { resetAllSessions, storeLogin } from '../../../../../../src/client/lib/state/session.ts';

const renderUi = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
beforeEach(() => setLanguage('zh'));
afterEach(() => cleanup());

function Importer({ upload, onImported }: { upload: ImportUpload; onImported: () => void }) {
  const importer = useExcelImport({ upload, maxBytes: 1024, onImported, testId: 'courses-import' });
  return (
    <>
      {importer.control}
      {importer.report}
    </>
  );
}

const xlsx = (name = 'courses.xlsx') => new File(['x'], name);
const refusal = new ApiError(422, '共 2 行有误', {
  message: '共 2 行有误',
  errors: { 'row 12': ['第 12 行：学时须为数字'], 'row 3': ['第 3 行：编号不能为空'] },
});

describe('Excel import', () => {
  it('lists a refused file row by row, then imports the valid rows of the same file on request', async () => {
    const upload = vi.fn<ImportUpload>();
    upload.mockRejectedValueOnce(refusal).mockImplementationOnce(async (_file, { onProgress }) => {
      onProgress(100);
      return { imported: 5, refused: [{ row: 3, field: 'code', message: '编号不能为空' }] };
    });
    const onImported = vi.fn();
    renderUi(<Importer upload={upload} onImported={onImported} />);
    const file = xlsx();
    fireEvent.change(screen.getByTestId('courses-import-input'), { target: { files: [file] } });

    const report = await screen.findByTestId('courses-import-errors');
    expect(within(report).getByText(/未导入任何数据/)).toBeTruthy();
    expect(
      within(report)
        .getAllByTestId('courses-import-error')
        .map((i) => i.textContent),
    ).toEqual(['第 3 行：编号不能为空', '第 12 行：学时须为数字']);
    expect(upload).toHaveBeenLastCalledWith(file, expect.objectContaining({ acceptValid: false }));
    expect(onImported).not.toHaveBeenCalled();

    fireEvent.click(within(report).getByTestId('courses-import-accept-valid'));
    const done = await screen.findByTestId('courses-import-done');
    expect(upload).toHaveBeenLastCalledWith(file, expect.objectContaining({ acceptValid: true }));
    expect(done.textContent).toContain('已导入 5 行');
    expect(
      within(done)
        .getAllByTestId('courses-import-left-error')
        .map((i) => i.textContent),
    ).toEqual(['第 3 行：编号不能为空']);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('offers no valid rows for a refused file as a whole, and checks type and size before sending', async () => {
    const upload = vi.fn<ImportUpload>().mockRejectedValue(
      new ApiError(422, '文件不是有效的 Excel', {
        message: '文件不是有效的 Excel',
        errors: { file: ['文件不是有效的 Excel'] },
      }),
    );
    renderUi(<Importer upload={upload} onImported={() => {}} />);
    const input = screen.getByTestId('courses-import-input');
    fireEvent.change(input, { target: { files: [xlsx()] } });
    const report = await screen.findByTestId('courses-import-errors');
    expect(within(report).queryByTestId('courses-import-accept-valid')).toBeNull();

    fireEvent.change(input, { target: { files: [xlsx('courses.csv')] } });
    await waitFor(() => expect(screen.getByTestId('courses-import-errors').textContent).toContain('.xlsx'));
    const big = xlsx();
    Object.defineProperty(big, 'size', { value: 2048 });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(screen.getByTestId('courses-import-errors').textContent).toContain('0 MB'));
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('shows the upload progress while the file is sent', async () => {
    let finish: (value: { imported: number; refused: [] }) => void = () => {};
    const upload = vi.fn<ImportUpload>((_file, { onProgress }) => {
      onProgress(40);
      return new Promise((resolve) => (finish = resolve));
    });
    renderUi(<Importer upload={upload} onImported={() => {}} />);
    fireEvent.change(screen.getByTestId('courses-import-input'), { target: { files: [xlsx()] } });
    expect((await screen.findByTestId('courses-import-progress')).textContent).toContain('40%');
    finish({ imported: 2, refused: [] });
    expect((await screen.findByTestId('courses-import-done')).textContent).toContain('已导入 2 行');
  });
});

describe('import report', () => {
  it('lists file problems first, then rows in numeric (spreadsheet) order, every message kept', () => {
    const list = refusedRowsOf({
      'row 10': ['第 10 行：实操成绩须在 0-100 之间'],
      'row 2': ['第 2 行：准考证号 X 不属于本考试计划', '第 2 行：姓名与考生不符'],
      file: ['文件中没有成绩数据'],
      'row 3': [],
    });
    expect(list.map((entry) => entry.row)).toEqual([null, 2, 10]);
    expect(list[1]?.messages).toEqual(['第 2 行：准考证号 X 不属于本考试计划', '第 2 行：姓名与考生不符']);
    expect(refusedRowsOf(undefined)).toEqual([]);
  });

  it('groups a partial import’s refused cells by row', () => {
    const rows = refusalsByRow(
      [
        { row: 9, field: 'b', message: 'B' },
        { row: 4, field: 'a', message: 'A' },
        { row: 9, field: 'c', message: 'C' },
      ],
      (r) => `${r.row}:${r.field}:${r.message}`,
    );
    expect(rows).toEqual([
      { row: 4, messages: ['4:a:A'] },
      { row: 9, messages: ['9:b:B', '9:c:C'] },
    ]);
  });
});

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseType = '';
  timeout = 0;
  status = 0;
  response: unknown = null;
  onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {
    this.onabort?.();
  }
}

describe('download with progress', () => {
  afterEach(() => resetAllSessions());
  const create = () => new FakeXhr() as unknown as XMLHttpRequest;

  it('gets the file with the administrator token and reports the bytes received', async () => {
    storeLogin('administrators', { access_token: 'adm-1', token_type: 'Bearer' });
    const progress: { received: number; total: number | null }[] = [];
    const done = fetchWithProgress('/v1/admin/x/export', {
      onProgress: (p) => progress.push(p),
      createRequest: create,
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.responseType]).toEqual(['GET', '/api/v1/admin/x/export', 'blob']);
    expect(xhr.headers.Authorization).toBe('Bearer adm-1');
    xhr.onprogress?.({ loaded: 2048, total: 0, lengthComputable: false });
    xhr.onprogress?.({ loaded: 4096, total: 8192, lengthComputable: true });
    const blob = new Blob(['xlsx']);
    xhr.status = 200;
    xhr.response = blob;
    xhr.onload?.();
    await expect(done).resolves.toBe(blob);
    expect(progress).toEqual([
      { received: 2048, total: null },
      { received: 4096, total: 8192 },
    ]);
  });

  it('turns a refusal into an ApiError with the server’s message', async () => {
    const done = fetchWithProgress('/v1/admin/x/export', { createRequest: create });
    const xhr = FakeXhr.last!;
    xhr.status = 403;
    xhr.response = new Blob([JSON.stringify({ message: '没有权限执行此操作' })]);
    xhr.onload?.();
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('没有权限执行此操作');
  });
});
