// The class page's ?id= reading, its invitation link, and the test score form's request body.
import { describe, expect, it } from 'vitest';
import {
  classIdParam,
  classInfoPath,
  classRecordPath,
  invitationLink,
} from '../../../../../src/client/features/class-members/paths.ts';
import { scoreRequest } from '../../../../../src/client/features/class-members/components/TestScoreModal.tsx';

describe('class member paths', () => {
  it('reads a positive id and nothing else', () => {
    expect(classIdParam('12')).toBe(12);
    for (const raw of [null, '', '0', '-3', '1.5', 'abc', '12345678901'])
      expect(classIdParam(raw)).toBeNull();
  });

  it('builds the class pages and the invitation link', () => {
    expect(classInfoPath(7)).toBe('/manage/trainingManage/classes/info?id=7');
    expect(classRecordPath(7)).toBe('/manage/trainingManage/classes/classRecord?id=7');
    expect(invitationLink('https://px.example.cn', '/userCenter/myProject?join=ABCD2345')).toBe(
      'https://px.example.cn/userCenter/myProject?join=ABCD2345',
    );
  });

  it('sends an empty score as not taken', () => {
    expect(scoreRequest({ test_score: '' })).toEqual({ test_score: null });
    expect(scoreRequest({ test_score: 86 })).toEqual({ test_score: 86 });
  });
});
