// Well-known label, annotation and condition names Kruise and Kubernetes agree on
// (openkruise/kruise apis/apps/v1alpha1/well_known_labels.go, apis/apps/pub/*). They live here, not in
// lib/k8s, because lib/k8s holds types only.
export const LABEL_REVISION_HASH = "controller-revision-hash";
export const LABEL_POD_TEMPLATE_HASH = "pod-template-hash";
export const LABEL_INSTANCE_ID = "apps.kruise.io/cloneset-instance-id";
export const LABEL_SPECIFIED_DELETE = "apps.kruise.io/specified-delete";
export const LABEL_LIFECYCLE_STATE = "lifecycle.apps.kruise.io/state";
export const ANNOTATION_LIFECYCLE_TIMESTAMP = "lifecycle.apps.kruise.io/timestamp";
export const ANNOTATION_INPLACE_STATE = "apps.kruise.io/inplace-update-state";
export const ANNOTATION_INPLACE_GRACE = "apps.kruise.io/inplace-update-grace";
export const ANNOTATION_DELETION_COST = "controller.kubernetes.io/pod-deletion-cost";
export const LABEL_REVISION_OBJECT_HASH = "controller.kubernetes.io/hash";
export const CONDITION_INPLACE_READY = "InPlaceUpdateReady";
export const CONDITION_KRUISE_POD_READY = "KruisePodReady";
export const KRUISE_GROUP_VERSION = "apps.kruise.io/v1alpha1";
