// Field messages are shown to Chinese-speaking users as they are (spec §8 joins them into a toast).
import { z } from './zod.ts';

z.config(z.locales.zhCN());
