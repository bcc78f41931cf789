// The invalid Deployment of kube-apiserver's own integration test (test/integration/apiserver/
// field_validation_test.go, TestFieldValidation, invalidBodyJSON), and what strict decoding finds in it,
// in the apiserver's words and order: read by the strict-decoding unit test and the Kubernetes API e2e.

/** invalidBodyJSON, its second metadata.name (the one kept) given. */
export const invalidBodyJSON = (name: string) => `
{
  "apiVersion": "apps/v1",
  "kind": "Deployment",
  "metadata": {
    "name": "dupename",
    "name": "${name}",
    "labels": {"app": "nginx"},
    "unknownMeta": "metaVal"
  },
  "spec": {
    "unknown1": "val1",
    "unknownDupe": "valDupe",
    "unknownDupe": "valDupe2",
    "paused": true,
    "paused": false,
    "selector": {"matchLabels": {"app": "nginx"}},
    "template": {
      "metadata": {"labels": {"app": "nginx"}},
      "spec": {
        "containers": [{
          "name": "nginx",
          "image": "nginx:latest",
          "unknownNested": "val1",
          "imagePullPolicy": "Always",
          "imagePullPolicy": "Never"
        }]
      }
    }
  }
}`;

/** The unknown and repeated fields of invalidBodyJSON in the text's order, a repeated unknown one once, as unknown. */
export const INVALID_BODY_JSON_FOUND = [
  'duplicate field "metadata.name"', 'unknown field "metadata.unknownMeta"', 'unknown field "spec.unknown1"', 'unknown field "spec.unknownDupe"',
  'duplicate field "spec.paused"', 'unknown field "spec.template.spec.containers[0].unknownNested"', 'duplicate field "spec.template.spec.containers[0].imagePullPolicy"',
];
