// Image references read as Kruise reads them (docs/spec/image-pull.md §1.7): Docker's normalized named
// references (docker/distribution v2.8.2 `ParseNormalizedNamed`, with go-digest's digest checks), the
// name/tag split kruise-daemon and NodeImages use, and Docker's error texts, which Kruise's ImagePullJob
// webhook passes on. The grammar is Docker's, but written so that a JavaScript regular expression
// cannot backtrack exponentially on it: Docker's path separator `[-]*` may be empty, which makes its
// expression ambiguous; here a separator is one or more dashes, which accepts the same names.

export interface ImageReference {
  /** The registry host, `docker.io` when the reference names none. */
  domain: string;
  /** The repository path, `library/nginx` for `nginx`. */
  path: string;
  /** `<domain>/<path>`. */
  name: string;
  tag?: string;
  digest?: string;
  /** The name as Docker shows it: without `docker.io/`, and without `library/` for official images. */
  familiarName: string;
  /** What a NodeImage keys the tag by: the digest if there is one, else the tag, else `latest`. */
  nodeImageTag: string;
}

export type ImageReferenceResult = { ok: true; reference: ImageReference } | { ok: false; error: string };

const DEFAULT_DOMAIN = 'docker.io';
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io';
const OFFICIAL_REPO = 'library';
const NAME_TOTAL_LENGTH_MAX = 255;

const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const DOMAIN_COMPONENT = '[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?';
const DOMAIN = `${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*(?::[0-9]+)?`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const NAME = `(?:${DOMAIN}\\/)?${PATH_COMPONENT}(?:\\/${PATH_COMPONENT})*`;
const REFERENCE = new RegExp(`^(${NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);
const ANCHORED_NAME = new RegExp(`^(?:(${DOMAIN})\\/)?(${PATH_COMPONENT}(?:\\/${PATH_COMPONENT})*)$`);
const IDENTIFIER = /^[a-f0-9]{64}$/;

/** go-digest's algorithms with their hex lengths. */
const DIGEST_LENGTHS: Readonly<Record<string, number>> = { sha256: 64, sha384: 96, sha512: 128 };
const DIGEST_SHAPE = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/;
const LOWER_HEX = /^[a-f0-9]+$/;

/** go-digest `Digest.Validate`: undefined when valid, else its error text. */
export function digestProblem(digest: string): string | undefined {
  const colon = digest.indexOf(':');
  if (colon <= 0 || colon + 1 === digest.length) return 'invalid checksum digest format';
  const algorithm = digest.slice(0, colon);
  const encoded = digest.slice(colon + 1);
  const length = Object.hasOwn(DIGEST_LENGTHS, algorithm) ? DIGEST_LENGTHS[algorithm] : undefined;
  if (length === undefined) return DIGEST_SHAPE.test(digest) ? 'unsupported digest algorithm' : 'invalid checksum digest format';
  if (encoded.length !== length) return 'invalid checksum digest length';
  return LOWER_HEX.test(encoded) ? undefined : 'invalid checksum digest format';
}

/** splitDockerDomain: the registry host and the rest, with Docker Hub's defaults filled in. */
function splitDockerDomain(reference: string): [string, string] {
  const slash = reference.indexOf('/');
  let domain: string;
  let remainder: string;
  if (slash === -1 || (!/[.:]/.test(reference.slice(0, slash)) && reference.slice(0, slash) !== 'localhost')) {
    domain = DEFAULT_DOMAIN;
    remainder = reference;
  } else {
    domain = reference.slice(0, slash);
    remainder = reference.slice(slash + 1);
  }
  if (domain === LEGACY_DEFAULT_DOMAIN) domain = DEFAULT_DOMAIN;
  if (domain === DEFAULT_DOMAIN && !remainder.includes('/')) remainder = `${OFFICIAL_REPO}/${remainder}`;
  return [domain, remainder];
}

function familiarName(domain: string, path: string): string {
  if (domain !== DEFAULT_DOMAIN) return `${domain}/${path}`;
  const parts = path.split('/');
  return parts.length === 2 && parts[0] === OFFICIAL_REPO ? parts[1]! : path;
}

/**
 * Kruise's NormalizeImageRef: the reference Docker would pull for `image`, or the error Docker's parser
 * gives (`invalid reference format`, `invalid reference format: repository name must be lowercase`,
 * `invalid checksum digest length`, ...). Never throws.
 */
export function normalizeImageReference(image: string): ImageReferenceResult {
  if (IDENTIFIER.test(image)) {
    return { ok: false, error: `invalid repository name (${image}), cannot specify 64-byte hexadecimal strings` };
  }
  const [domain, remainder] = splitDockerDomain(image);
  const colon = remainder.indexOf(':');
  const remoteName = colon === -1 ? remainder : remainder.slice(0, colon);
  if (remoteName.toLowerCase() !== remoteName) return { ok: false, error: 'invalid reference format: repository name must be lowercase' };

  const full = `${domain}/${remainder}`;
  const match = REFERENCE.exec(full);
  if (!match) {
    if (REFERENCE.test(full.toLowerCase())) return { ok: false, error: 'repository name must be lowercase' };
    return { ok: false, error: 'invalid reference format' };
  }
  const name = match[1]!;
  if (name.length > NAME_TOTAL_LENGTH_MAX) return { ok: false, error: `repository name must not be more than ${NAME_TOTAL_LENGTH_MAX} characters` };
  const parts = ANCHORED_NAME.exec(name)!;
  const digest = match[3];
  if (digest !== undefined) {
    const problem = digestProblem(digest);
    if (problem !== undefined) return { ok: false, error: problem };
  }
  const tag = match[2];
  const refDomain = parts[1] ?? '';
  const path = parts[2]!;
  const reference: ImageReference = {
    domain: refDomain,
    path,
    name,
    familiarName: familiarName(refDomain, path),
    nodeImageTag: digest ?? tag ?? 'latest',
  };
  // A reference with both keeps only the digest (NormalizeImageRef); one with neither is tagged latest.
  if (digest !== undefined) reference.digest = digest;
  else reference.tag = tag ?? 'latest';
  return { ok: true, reference };
}
