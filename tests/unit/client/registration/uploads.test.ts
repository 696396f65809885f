import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH } from '../../../../src/shared/uploads/schema.ts';
import { ApiError, NetworkError } from '../../../../src/client/lib/api/errors.ts';
import { clientEffects } from '../../../../src/client/lib/api/client.ts';
import {
  acceptAttribute,
  photoPixelProblem,
  uploadProblem,
} from '../../../../src/client/lib/uploads/check-file.ts';
import { PHOTO_RATIO, centredCrop, photoOutputSize } from '../../../../src/client/lib/uploads/photo-crop.ts';
import { uploadFile } from '../../../../src/client/lib/uploads/upload-file.ts';
import { learnerSession, resetAllSessions, storeLogin } from '../../../../src/client/lib/state/session.ts';

describe('2-inch photo crop', () => {
  it('takes the largest centred 295:413 rectangle of a wide photo', () => {
    const crop = centredCrop(1000, 800);
    expect(crop.sh).toBe(800);
    expect(crop.sw).toBe(Math.round(800 * PHOTO_RATIO));
    expect(crop.sx).toBe(Math.floor((1000 - crop.sw) / 2));
    expect(crop.sy).toBe(0);
  });

  it('takes the largest centred rectangle of a tall photo', () => {
    const crop = centredCrop(600, 1200);
    expect(crop).toEqual({ sx: 0, sy: Math.floor((1200 - 840) / 2), sw: 600, sh: 840 });
  });

  it('leaves a photo of exactly the ratio as it is', () => {
    expect(centredCrop(590, 826)).toEqual({ sx: 0, sy: 0, sw: 590, sh: 826 });
  });

  it('outputs between 1x and 2x of 295×413 at the exact ratio', () => {
    expect(photoOutputSize(centredCrop(3000, 4000))).toEqual({ width: 590, height: 826 });
    expect(photoOutputSize(centredCrop(400, 560))).toEqual({ width: 400, height: 560 });
    expect(photoOutputSize({ sx: 0, sy: 0, sw: PHOTO_MIN_WIDTH, sh: PHOTO_MIN_HEIGHT })).toEqual({
      width: 295,
      height: 413,
    });
  });

  it('refuses a photo whose crop is smaller than 295×413', () => {
    const crop = centredCrop(300, 300);
    expect(photoPixelProblem(crop.sw, crop.sh)).toEqual({
      key: 'tooSmallPixels',
      params: { width: 295, height: 413 },
    });
    expect(photoPixelProblem(295, 413)).toBeNull();
  });
});

describe('file checks before upload', () => {
  it('accepts only JPG/PNG for the 2-inch photo', () => {
    expect(acceptAttribute('photo')).toBe('.png,.jpg,.jpeg');
    expect(uploadProblem({ name: 'me.JPG', size: 1000 }, 'photo')).toBeNull();
    expect(uploadProblem({ name: 'me.gif', size: 1000 }, 'photo')).toEqual({
      key: 'badType',
      params: { types: 'PNG / JPG / JPEG' },
    });
  });

  it('accepts images and PDF for materials, each within its own size limit', () => {
    expect(uploadProblem({ name: 'diploma.pdf', size: 4 * 1024 * 1024 }, 'diploma')).toBeNull();
    expect(uploadProblem({ name: 'diploma.pdf', size: 6 * 1024 * 1024 }, 'diploma')).toEqual({
      key: 'tooLarge',
      params: { max: '5 MB' },
    });
    expect(uploadProblem({ name: 'front.png', size: 3 * 1024 * 1024 }, 'id_card_front')).toEqual({
      key: 'tooLarge',
      params: { max: '2 MB' },
    });
    expect(uploadProblem({ name: 'notes.docx', size: 10 }, 'diploma')?.key).toBe('badType');
  });
});

/** A scriptable XMLHttpRequest: records what was sent, answers when told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
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
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('upload with progress', () => {
  afterEach(() => {
    resetAllSessions();
    vi.restoreAllMocks();
  });

  const create = () => new FakeXhr() as unknown as XMLHttpRequest;

  it('posts the kind and the file with the learner token and reports progress', async () => {
    storeLogin('learners', { access_token: 'tok-1', token_type: 'Bearer' });
    const progress: number[] = [];
    const done = uploadFile(new Blob(['x']), {
      kind: 'diploma',
      fileName: 'd.pdf',
      onProgress: (p) => progress.push(p),
      createRequest: create,
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/uploads?kind=diploma');
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect(xhr.body?.get('kind')).toBe('diploma');
    expect((xhr.body?.get('file') as File).name).toBe('d.pdf');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.answer(201, { id: 'u1', url: '/api/v1/uploads/u1', mime: 'application/pdf' });
    await expect(done).resolves.toMatchObject({ id: 'u1' });
    expect(progress).toEqual([25, 100]);
  });

  it('turns a refusal into an ApiError with the field message, and a dropped connection into a NetworkError', async () => {
    const refused = uploadFile(new Blob(['x']), { kind: 'photo', createRequest: create });
    FakeXhr.last!.answer(422, { message: '校验失败', errors: { file: ['照片尺寸不能小于 295×413 像素'] } });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors.file).toEqual(['照片尺寸不能小于 295×413 像素']);

    const dropped = uploadFile(new Blob(['x']), { kind: 'photo', createRequest: create });
    FakeXhr.last!.onerror?.();
    await expect(dropped).rejects.toBeInstanceOf(NetworkError);
  });

  it('ends both sessions on 401, as every other call does', async () => {
    storeLogin('learners', { access_token: 'expired', token_type: 'Bearer' });
    const reload = vi.spyOn(clientEffects, 'reload').mockImplementation(() => undefined);
    const upload = uploadFile(new Blob(['x']), { kind: 'avatar', createRequest: create });
    FakeXhr.last!.answer(401, { message: '登录已过期' });
    await expect(upload).rejects.toBeInstanceOf(ApiError);
    expect(learnerSession.value.token).toBe('');
    expect(reload).toHaveBeenCalled();
  });
});
