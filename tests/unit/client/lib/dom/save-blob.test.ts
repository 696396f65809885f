// A fetched file is saved as a download under the page's name, from a blob: URL revoked once taken.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../../../../src/client/lib/dom/save-blob.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveBlob', () => {
  it('clicks a download link named as asked, leaves no link behind and revokes the URL later', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:xlsx-1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const blob = new Blob(['x']);
    saveBlob(blob, '成绩导入模板-P7.xlsx');
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:xlsx-1', download: '成绩导入模板-P7.xlsx' }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revoke).toHaveBeenCalledWith('blob:xlsx-1');
  });
});
