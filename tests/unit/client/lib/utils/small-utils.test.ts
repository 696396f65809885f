import { describe, expect, it } from 'vitest';
import { deepClone } from '../../../../../src/client/lib/utils/deep-clone.ts';
import { fileType } from '../../../../../src/client/lib/utils/file-type.ts';
import { toggleClass } from '../../../../../src/client/lib/utils/toggle-class.ts';
import { isExternal } from '../../../../../src/client/lib/utils/validate.ts';

describe('deepClone (spec §9)', () => {
  it('copies nested objects and arrays so changes do not leak back', () => {
    const source = { a: 1, nested: { list: [1, { b: 2 }] }, when: new Date(2024, 0, 1) };
    const copy = deepClone(source);
    expect(copy).toEqual(source);
    copy.nested.list.push(3);
    (copy.nested.list[1] as { b: number }).b = 9;
    copy.when.setFullYear(2000);
    expect(source.nested.list).toHaveLength(2);
    expect((source.nested.list[1] as { b: number }).b).toBe(2);
    expect(source.when.getFullYear()).toBe(2024);
  });

  it('returns primitives as they are and keeps cycles', () => {
    expect(deepClone(5)).toBe(5);
    expect(deepClone(null)).toBeNull();
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    const copy = deepClone(cyclic);
    expect(copy.self).toBe(copy);
    expect(copy).not.toBe(cyclic);
  });
});

describe('toggleClass (spec §9)', () => {
  it('adds a missing class and removes a present one', () => {
    const element = document.createElement('div');
    element.className = 'a';
    toggleClass(element, 'b');
    expect(element.className).toBe('a b');
    toggleClass(element, 'a');
    expect(element.className).toBe('b');
  });

  it('ignores a missing element or class', () => {
    expect(() => toggleClass(null, 'x')).not.toThrow();
    const element = document.createElement('div');
    toggleClass(element, '');
    expect(element.className).toBe('');
  });
});

describe('isExternal (spec §5)', () => {
  it.each(['http://a.cn', 'https://a.cn/x', 'mailto:a@b.cn', 'tel:10086'])('%s is external', (url) => {
    expect(isExternal(url)).toBe(true);
  });
  it.each(['/manage/index', 'userCenter', 'ftp://a.cn', 'javascript:void(0)', ' https://a.cn'])(
    '%s is not',
    (url) => {
      expect(isExternal(url)).toBe(false);
    },
  );
});

describe('fileType by extension (spec §5 table)', () => {
  const table: [string, string][] = [
    ['a.png', 'image'],
    ['a.jpg', 'image'],
    ['a.jpeg', 'image'],
    ['a.bmp', 'image'],
    ['a.gif', 'image'],
    ['a.zip', 'zip'],
    ['a.rar', 'zip'],
    ['a.jar', 'zip'],
    ['a.7z', 'zip'],
    ['a.cab', 'zip'],
    ['a.txt', 'txt'],
    ['a.xls', 'excel'],
    ['a.xlsx', 'excel'],
    ['a.doc', 'word'],
    ['a.docx', 'word'],
    ['a.pdf', 'pdf'],
    ['a.ppt', 'ppt'],
    ['a.mp4', 'video'],
    ['a.m2v', 'video'],
    ['a.mkv', 'video'],
    ['a.mp3', 'radio'],
    ['a.wav', 'radio'],
    ['a.wmv', 'radio'],
    ['a.exe', 'other'],
    ['a.webp', 'other'],
    ['noextension', 'other'],
    ['', 'other'],
  ];
  it.each(table)('%s -> %s', (name, kind) => {
    expect(fileType(name)).toBe(kind);
  });

  it('ignores case, directories and query strings', () => {
    expect(fileType('照片.JPG')).toBe('image');
    expect(fileType('/files/v1.2/report.PDF?x=1')).toBe('pdf');
    expect(fileType('archive.tar.gz')).toBe('other');
  });
});
