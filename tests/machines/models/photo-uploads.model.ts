/** The completion photos chart's model: a photo added (allowed or refused), uploaded or failing, another added meanwhile, one removed. */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { photoUploadsMachine } from '../../../src/machines/features/photo-uploads.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, fail } from './session.model';

const png = { name: 'lawn.png', type: 'image/png' as const, size: 2_000, body: new Blob([]) };
const pdf = { name: 'notes.pdf', type: 'application/pdf' as const, size: 2_000, body: new Blob([]) };
const media = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', key: 'appointment/x/none/aaaaaaaaaaaaaaaaaaaaaaaa.png', file: { type: 'image/png', name: 'lawn.png', size: 2_000 } };

export function photoUploadsEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  const n = (s.context as { photos: unknown[] }).photos.length;
  if (n > 3) return [];
  const add = [
    { type: 'photos.add', key: `p${n}`, file: png, preview: '' },
    { type: 'photos.add', key: `p${n}`, file: pdf, preview: '' },
    { type: 'photos.remove', key: 'p0' },
  ];
  if (s.matches('uploading')) return [done('upload', media), fail('upload', { _tag: 'NetworkError', message: 'Network Error' }), ...add];
  return add;
}

export const model: ChartModel = { machine: photoUploadsMachine, events: photoUploadsEvents };
