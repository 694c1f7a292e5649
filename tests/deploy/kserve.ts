// The KServe resources deploy/kserve uses, typed for check_manifests.py:
// no npm package carries KServe's CRDs, so the fields below are written from
// KServe's API reference (serving.kserve.io v1alpha1 ServingRuntimeSpec,
// v1beta1 InferenceServiceSpec / PredictorSpec / ModelSpec), only the
// fields a runtime or an InferenceService of ours may use; anything else is
// an unknown field. The embedded Kubernetes types (Container, Volume,
// Toleration, ResourceRequirements, ...) are kubernetes-models', typed and
// validated against the Kubernetes schemas.
import { Container, type IContainer } from "kubernetes-models/v1/Container";
import type { IObjectMeta } from "@kubernetes-models/apimachinery/apis/meta/v1/ObjectMeta";
import type { IVolume } from "kubernetes-models/v1/Volume";
import type { IToleration } from "kubernetes-models/v1/Toleration";
import type { IAffinity } from "kubernetes-models/v1/Affinity";
import type { ILocalObjectReference } from "kubernetes-models/v1/LocalObjectReference";

export interface ISupportedModelFormat {
  name: string;
  version?: string;
  autoSelect?: boolean;
  priority?: number;
}

export interface IServingRuntimeSpec {
  supportedModelFormats?: ISupportedModelFormat[];
  multiModel?: boolean;
  disabled?: boolean;
  protocolVersions?: ("v1" | "v2" | "grpc-v1" | "grpc-v2")[];
  containers: IContainer[];
  volumes?: IVolume[];
  nodeSelector?: Record<string, string>;
  affinity?: IAffinity;
  tolerations?: IToleration[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  imagePullSecrets?: ILocalObjectReference[];
  grpcEndpoint?: string;
  grpcDataEndpoint?: string;
  httpDataEndpoint?: string;
  replicas?: number;
}

export interface IModelFormat {
  name: string;
  version?: string;
}

// ModelSpec: a Container's fields (all optional) plus the model's.
export interface IModelSpec extends Partial<IContainer> {
  modelFormat: IModelFormat;
  runtime?: string;
  storageUri?: string;
  runtimeVersion?: string;
  protocolVersion?: "v1" | "v2" | "grpc-v1" | "grpc-v2";
}

export interface IPredictorSpec {
  model?: IModelSpec;
  minReplicas?: number;
  maxReplicas?: number;
  scaleTarget?: number;
  scaleMetric?: "cpu" | "memory" | "concurrency" | "rps";
  containerConcurrency?: number;
  timeout?: number;
  canaryTrafficPercent?: number;
  serviceAccountName?: string;
  nodeSelector?: Record<string, string>;
  tolerations?: IToleration[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

interface IResource<Spec> {
  apiVersion: string;
  kind: string;
  metadata: IObjectMeta & { name: string };
  spec: Spec;
}

abstract class KServeResource<Spec> {
  constructor(readonly data: IResource<Spec>) {}
  protected abstract containers(): Partial<IContainer>[];
  // The embedded core types against the Kubernetes schemas; KServe's own
  // fields are checked by the types above.
  validate(): void {
    for (const c of this.containers()) new Container({ name: "kserve-container", ...c } as IContainer).validate();
    if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(this.data.metadata.name)) {
      throw new Error(`metadata.name ${this.data.metadata.name} is not a DNS-1123 label`);
    }
  }
}

export class ClusterServingRuntime extends KServeResource<IServingRuntimeSpec> {
  constructor(data: IResource<IServingRuntimeSpec> & { apiVersion: "serving.kserve.io/v1alpha1"; kind: "ClusterServingRuntime" }) {
    super(data);
  }
  protected containers() {
    return this.data.spec.containers;
  }
}

export class InferenceService extends KServeResource<{ predictor: IPredictorSpec }> {
  constructor(data: IResource<{ predictor: IPredictorSpec }> & { apiVersion: "serving.kserve.io/v1beta1"; kind: "InferenceService" }) {
    super(data);
  }
  protected containers() {
    const m = this.data.spec.predictor.model;
    if (!m) return [];
    // What is left once the model's own fields are taken out is a Container.
    const { modelFormat, runtime, storageUri, runtimeVersion, protocolVersion, ...container } = m;
    return [container];
  }
}
