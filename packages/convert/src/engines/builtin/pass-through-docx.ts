import { checkPackageBounds } from '../../check-package-bounds.js';
import { ConversionError } from '../../conversion-error.js';
import { addDocumentMetadata, generateDocumentMetadata, type GenerateDocumentMetadataOptions } from 'quire/identity';
import { CONTENT_TYPES_PART_NAME, editPackage, findDocumentParts, isDocumentError, PACKAGE_SOURCE, relationshipsPartNameFor, type OpcPackage } from 'quire/package';
import type { BuiltinOutput } from './worker-messages.js';

/**
 * Returns a DOCX unchanged except for the identity metadata it lacks (GUID and creation time,
 * ARCHITECTURE.md, Document identity; values it has are kept), after checking it: package bounds
 * (zip bombs), a Word main document part reached through relationships that stay inside the
 * package, and a well-formed main part without DOCTYPE. Relationships that point outside the
 * package are reported as warnings. Everything reads through `pkg`, the package the input check
 * opened (with `PACKAGE_BOUNDS_PART_LIMITS`): each part is inflated once, and the output is one
 * rewrite of it. Rejects with `CONVERT_INPUT_INVALID` naming the problem.
 */
export async function passThroughDocx(pkg: OpcPackage, options: GenerateDocumentMetadataOptions = {}): Promise<BuiltinOutput> {
  try {
    const parts = await findDocumentParts(pkg);
    // The parts read next are inflated by the bounds check itself, through the package's cache.
    const read = [CONTENT_TYPES_PART_NAME, relationshipsPartNameFor(PACKAGE_SOURCE), relationshipsPartNameFor(parts.main), parts.main];
    for (const linked of [parts.settings, parts.core, parts.custom]) if (linked?.exists) read.push(linked.partName);
    const bounds = await checkPackageBounds(pkg, undefined, read);
    if (!bounds.ok) throw invalid(bounds.reason);
    await pkg.readRelationships(parts.main);
    const edit = editPackage(pkg);
    await addDocumentMetadata(edit, generateDocumentMetadata(options));
    return { bytes: await edit.toBytes(), warnings: [...pkg.warnings] };
  } catch (error) {
    if (isDocumentError(error)) throw invalid(error.message, error);
    throw error;
  }
}

function invalid(reason: string, cause?: unknown): ConversionError {
  return new ConversionError('CONVERT_INPUT_INVALID', reason, { engine: 'builtin', ...(cause === undefined ? {} : { cause }) });
}
