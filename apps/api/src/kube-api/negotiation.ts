// Content negotiation of the Kubernetes API, as client-go uses it: the Accept header lists media types
// in order of preference, with parameters naming a transformed answer (`as=Table;g=meta.k8s.io;v=v1`,
// `as=APIGroupDiscoveryList;g=apidiscovery.k8s.io;v=v2`). The first one this server can produce wins;
// protobuf is never produced (clients that ask for it list JSON as well).

export interface MediaType {
  type: string;
  params: Record<string, string>;
}

export function parseAccept(header: string | undefined): MediaType[] {
  if (!header) return [];
  return header.split(',').map((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim());
    const parsed: Record<string, string> = {};
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq > 0) parsed[p.slice(0, eq).trim().toLowerCase()] = p.slice(eq + 1).trim().replace(/^"|"$/g, '');
    }
    return { type: (type ?? '').toLowerCase(), params: parsed };
  }).filter((m) => m.type !== '');
}

const JSON_TYPES = new Set(['application/json', 'application/*', '*/*']);

/** Which transformed answer the client asked for first, if any: `Table` (v1 or v1beta1) or plain. */
export function tableVersion(accept: MediaType[]): 'v1' | 'v1beta1' | undefined {
  for (const m of accept) {
    if (!JSON_TYPES.has(m.type)) continue;
    if (m.params.as === undefined) return undefined;
    if (m.params.as === 'Table' && m.params.g === 'meta.k8s.io' && (m.params.v === 'v1' || m.params.v === 'v1beta1')) return m.params.v;
  }
  return undefined;
}

/** Aggregated discovery (v2, or v2beta1 for kubectl up to 1.29) when asked for before plain JSON. */
export function aggregatedDiscoveryVersion(accept: MediaType[]): 'v2' | 'v2beta1' | undefined {
  for (const m of accept) {
    if (!JSON_TYPES.has(m.type)) continue;
    if (m.params.as === undefined) return undefined;
    if (m.params.as === 'APIGroupDiscoveryList' && m.params.g === 'apidiscovery.k8s.io' && (m.params.v === 'v2' || m.params.v === 'v2beta1')) return m.params.v;
  }
  return undefined;
}

/** The media type of a request body, lower-cased, without parameters. */
export function bodyMediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
