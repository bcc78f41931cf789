// apiextensions.k8s.io/v1 CustomResourceDefinition: the fields Coxswain writes and reads.
import type { KubeObject } from './meta.js';

export const CRD_API_VERSION = 'apiextensions.k8s.io/v1';

export interface PrinterColumn {
  name: string;
  type: 'integer' | 'number' | 'string' | 'boolean' | 'date';
  jsonPath: string;
  description?: string;
  format?: string;
  /** 0 shows by default; above 0 only with `-o wide`. */
  priority?: number;
}

export interface JsonSchemaProps {
  type?: string;
  description?: string;
  format?: string;
  properties?: Record<string, JsonSchemaProps>;
  items?: JsonSchemaProps;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
}

export interface CustomResourceDefinitionVersion {
  name: string;
  served: boolean;
  storage: boolean;
  schema?: { openAPIV3Schema: JsonSchemaProps };
  subresources?: {
    status?: Record<string, never>;
    scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
  };
  additionalPrinterColumns?: PrinterColumn[];
}

export interface CustomResourceDefinitionSpec {
  group: string;
  names: { kind: string; listKind: string; plural: string; singular: string; shortNames?: string[]; categories?: string[] };
  scope: 'Namespaced' | 'Cluster';
  versions: CustomResourceDefinitionVersion[];
  conversion?: { strategy: 'None' };
}

export interface CustomResourceDefinition extends KubeObject {
  apiVersion: typeof CRD_API_VERSION;
  kind: 'CustomResourceDefinition';
  spec: CustomResourceDefinitionSpec;
}
