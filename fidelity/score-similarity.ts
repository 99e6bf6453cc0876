import { ssim } from 'ssim.js';
import { resizeImage } from './resize-image.js';
import { decodePng, type RgbaImage } from './rgba-image.js';

/** Width and height of an image in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The similarity of a candidate rendering to a reference rendering. */
export interface SimilarityScore {
  /** Mean SSIM of the greyscale images: 1 for identical images, lower the more they differ (at worst −1). */
  score: number;
  /** False when the renderings differ in size (different page sizes); the candidate was then scaled to the reference's size. */
  sameSize: boolean;
  reference: ImageSize;
  candidate: ImageSize;
}

// SSIM as defined by Wang, Bovik, Sheikh and Simoncelli (IEEE TIP 2004): 11 × 11 Gaussian window
// (σ = 1.5), K1 = 0.01, K2 = 0.03, on luma (ITU-R BT.601, as MATLAB's rgb2gray). ssim.js's "fast"
// variant computes the same values with separable filters. No further downsampling: the pages are
// already rendered at a low resolution, and downsampling again would blur away text differences.
const SSIM_OPTIONS = { ssim: 'fast', downsample: false, rgb2grayVersion: 'original' } as const;

/**
 * Scores how closely the `candidate` PNG resembles the `reference` PNG with SSIM on greyscale.
 * A candidate of another size is scaled to the reference's size first (and `sameSize` is false).
 * Throws when either input is not a valid PNG.
 */
export function scoreSimilarity(reference: Uint8Array, candidate: Uint8Array): SimilarityScore {
  return scoreImageSimilarity(decodePng(reference), decodePng(candidate));
}

/** {@link scoreSimilarity} for decoded images. */
export function scoreImageSimilarity(reference: RgbaImage, candidate: RgbaImage): SimilarityScore {
  const sameSize = reference.width === candidate.width && reference.height === candidate.height;
  const scaled = sameSize ? candidate : resizeImage(candidate, reference.width, reference.height);
  const { mssim } = ssim(reference, scaled, SSIM_OPTIONS);
  return {
    score: mssim,
    sameSize,
    reference: { width: reference.width, height: reference.height },
    candidate: { width: candidate.width, height: candidate.height },
  };
}
