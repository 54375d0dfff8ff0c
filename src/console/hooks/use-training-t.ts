/** The training namespace (the Training page: the policy and the training assigned), with t() checked against the English file's keys. */
import { createTranslationHook, type TranslationKey, type TypedT } from '@shared/i18n/typed-translation';
import type en from '@locales/en.console-training.json';

export type TrainingKey = TranslationKey<typeof en>;
export type TrainingT = TypedT<TrainingKey>;

export const useTrainingT = createTranslationHook<typeof en>('console-training');
