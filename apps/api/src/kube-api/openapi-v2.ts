// `/openapi/v2` for kubectl before 1.27 (Debian's kubernetes-client is 1.20): it validates `apply` and
// `create` against the OpenAPI v2 document, which it reads only as protobuf (gnostic's openapi_v2
// Document), and fails without one. The document served declares Swagger 2.0 and no definitions, so
// such a kubectl finds no schema for any kind and leaves validation to the server (fieldValidation,
// admission), as it does for a CRD without a schema.
const SWAGGER_VERSION = '2.0';

/** The protobuf wire bytes of `Document { swagger: "2.0" }` (field 1, length-delimited). */
export const OPENAPI_V2_PROTOBUF = Buffer.from([0x0a, SWAGGER_VERSION.length, ...Buffer.from(SWAGGER_VERSION, 'utf8')]);

/** What kube-openapi answers for the protobuf form. */
export const OPENAPI_V2_CONTENT_TYPE = 'application/octet-stream';
