import { checkPackageBounds, DEFAULT_PACKAGE_BOUNDS } from '../../check-package-bounds.js';
import { ConversionError } from '../../conversion-error.js';
import { isDocumentError, generateDocumentMetadata, type GenerateDocumentMetadataOptions, writeDocumentMetadata, findDocumentParts, openPackage, type OpenPackageOptions } from 'quire/package';
import type { BuiltinOutput } from './worker-messages.js';

// The same per-part cap the package bounds check applies, so that any part it let through can be read.
const PART_LIMITS: OpenPackageOptions = {
  maxEntries: DEFAULT_PACKAGE_BOUNDS.maxEntries,
  maxBytes: DEFAULT_PACKAGE_BOUNDS.maxEntryBytes,
  maxRatio: DEFAULT_PACKAGE_BOUNDS.maxRatio,
};

/**
 * Returns a DOCX unchanged except for the identity metadata it lacks (GUID and creation time,
 * design §3; values it has are kept), after checking it: package bounds (zip bombs), a Word main
 * document part reached through relationships that stay inside the package, and a well-formed
 * main part without DOCTYPE. Relationships that point outside the package are reported as
 * warnings. Rejects with `CONVERT_INPUT_INVALID` naming the problem.
 */
export async function passThroughDocx(input: Uint8Array, options: GenerateDocumentMetadataOptions = {}): Promise<BuiltinOutput> {
  const bounds = await checkPackageBounds(input);
  if (!bounds.ok) throw invalid(bounds.reason);
  try {
    const pkg = openPackage(input, PART_LIMITS);
    const parts = await findDocumentParts(pkg);
    await pkg.readXmlPart(parts.main);
    await pkg.readRelationships(parts.main);
    const bytes = await writeDocumentMetadata(input, generateDocumentMetadata(options), { limits: PART_LIMITS });
    return { bytes, warnings: [...pkg.warnings] };
  } catch (error) {
    if (isDocumentError(error)) throw invalid(error.message, error);
    throw error;
  }
}

function invalid(reason: string, cause?: unknown): ConversionError {
  return new ConversionError('CONVERT_INPUT_INVALID', reason, { engine: 'builtin', ...(cause === undefined ? {} : { cause }) });
}
