import type { WarningLog } from '../../model/read-result.js';
import type { OpcPackage } from '../../package/open-package.js';
import type { Relationship } from '../../package/relationships.js';
import { readOptionalStory } from './load-docx.js';
import type { ReviewParts } from './read-comments.js';

// The relationship types of the review parts, by the last segment of their URI: `comments`
// (ECMA-376 Part 1, 11.3.2) and Word's later `commentsExtended`, `commentsIds` and `people`
// (MS-DOCX 2.3), Transitional, Strict and Microsoft namespaces alike.
const KINDS = ['comments', 'commentsExtended', 'commentsIds', 'people'] as const;

/** Reads the main part's review parts that exist; one that cannot be read is left out with a warning. */
export async function loadReviewParts(pkg: OpcPackage, mainRelationships: readonly Relationship[], log: WarningLog): Promise<ReviewParts> {
  const partOf = (kind: string): string | undefined =>
    mainRelationships.find((relationship) => !relationship.external && relationship.partName !== undefined && relationship.type.endsWith(`/${kind}`))?.partName;
  const [comments, commentsExtended, commentsIds, people] = await Promise.all(
    KINDS.map((kind) => {
      const partName = partOf(kind);
      return partName === undefined ? undefined : readOptionalStory(pkg, partName, kind, log);
    }),
  );
  // The comments' links are relationships of the comments part.
  const commentsPart = partOf('comments');
  const links = comments && commentsPart !== undefined ? await pkg.readRelationships(commentsPart).catch(() => []) : [];
  return { comments: comments?.root, commentsLinks: links, commentsExtended: commentsExtended?.root, commentsIds: commentsIds?.root, people: people?.root };
}
