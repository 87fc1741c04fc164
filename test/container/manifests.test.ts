// Issue 35, point 4: the Kustomize base and overlays of deploy/kubernetes rendered with
// `kubectl kustomize` as a user renders them (1 and 100 routers, a `vrouter lab` per pod), every
// object validated against the Kubernetes API's schemas (kubernetes-models: the OpenAPI
// schemas of Kubernetes 1.27); and the containerlab and clabernetes examples, read as their
// tools read them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments, parse } from 'yaml';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { Service } from 'kubernetes-models/v1/Service';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { ROOT } from '../helpers/podman.js';
import { readTopology } from '../../src/lab/topology.js';

const run = promisify(execFile);
const DEPLOY = path.join(ROOT, 'deploy');

/** The API's model of each kind the manifests use: `validate()` checks an object against its schema. */
const MODELS: Record<string, new (o: never) => { validate(): void }> = {
  'apps/v1 StatefulSet': StatefulSet,
  'v1 Service': Service,
  'v1 ConfigMap': ConfigMap,
};

type Obj = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; data?: Record<string, string> };

/** `kubectl kustomize DIR`, each object validated; by kind and name (a generated name without its hash). */
async function render(dir: string): Promise<Map<string, Obj>> {
  const { stdout } = await run('kubectl', ['kustomize', dir], { maxBuffer: 16 << 20 });
  const objects = new Map<string, Obj>();
  for (const doc of parseAllDocuments(stdout)) {
    const o = doc.toJS() as Obj;
    const Model = MODELS[`${o.apiVersion} ${o.kind}`];
    assert.ok(Model, `no schema for ${o.apiVersion} ${o.kind}`);
    new Model(o as never).validate();
    objects.set(`${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`, o);
  }
  return objects;
}

/** An overlay of the base with `count` replicas, in a temporary directory, as overlays/routers sets them. */
function routers(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-kustomize-'));
  const replicas = fs.readFileSync(path.join(DEPLOY, 'kubernetes/overlays/routers/replicas.yaml'), 'utf8');
  assert.match(replicas, /^  replicas: 10$/m);
  fs.writeFileSync(path.join(dir, 'replicas.yaml'), replicas.replace(/^  replicas: 10$/m, `  replicas: ${count}`));
  fs.writeFileSync(path.join(dir, 'kustomization.yaml'), `bases:\n  - ${path.relative(dir, path.join(DEPLOY, 'kubernetes/base'))}\npatchesStrategicMerge:\n  - replicas.yaml\n`);
  return dir;
}

const HEALTH = ['node', '/app/dist/src/container/health.js'];
const FACES = ['www', 'www-ssl', 'api', 'api-ssl', 'ssh', 'telnet', 'snmp', 'dns', 'ntp', 'radius'];

for (const count of [1, 100]) {
  test(`kubectl kustomize: ${count} router${count > 1 ? 's' : ''}, a volume each, a Service per face, probes on REST`, async () => {
    const dir = routers(count);
    const objects = await render(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.deepEqual([...objects.keys()].sort(), ['Service/vrouter', ...FACES.map((f) => `Service/vrouter-${f}`), 'StatefulSet/vrouter'].sort());
    const set = objects.get('StatefulSet/vrouter')!.spec;
    assert.equal(set.replicas, count);
    assert.equal(set.serviceName, 'vrouter');
    assert.deepEqual(set.volumeClaimTemplates.map((v: Obj) => v.metadata.name), ['data']);
    const pod = set.template.spec;
    const [c] = pod.containers;
    assert.equal(c.image, 'localhost/vrouter:latest');
    assert.deepEqual(c.volumeMounts, [{ name: 'data', mountPath: '/data' }]);
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) assert.deepEqual(c[probe].exec.command, HEALTH, probe);
    assert.deepEqual(c.resources, { requests: { cpu: '50m', memory: '128Mi' }, limits: { memory: '320Mi' } });
    assert.equal(pod.securityContext.runAsUser, 1000);
    assert.deepEqual(pod.securityContext.sysctls, [{ name: 'net.ipv4.ip_unprivileged_port_start', value: '0' }]);
    // Every Service selects the routers' pods and targets a port the container names.
    const named = new Map(c.ports.map((p: { name: string; containerPort: number; protocol: string }) => [p.name, `${p.containerPort}/${p.protocol}`]));
    assert.deepEqual(Object.fromEntries(named), { www: '80/TCP', 'www-ssl': '443/TCP', api: '8728/TCP', 'api-ssl': '8729/TCP', ssh: '22/TCP', telnet: '23/TCP', snmp: '161/UDP', dns: '53/UDP', 'dns-tcp': '53/TCP', ntp: '123/UDP', radius: '3799/UDP' });
    for (const [key, o] of objects) {
      if (o.kind !== 'Service') continue;
      assert.deepEqual(o.spec.selector, set.template.metadata.labels, key);
      for (const p of o.spec.ports) assert.equal(named.get(p.targetPort), `${p.port}/${p.protocol ?? 'TCP'}`, `${key} ${p.name}`);
    }
  });
}

test('kubectl kustomize: the lab overlay runs `vrouter lab` on its ConfigMap\'s topology, probed on every node\'s REST', async () => {
  const objects = await render(path.join(DEPLOY, 'kubernetes/overlays/lab'));
  assert.deepEqual([...objects.keys()].sort(), ['ConfigMap/vrouter-lab', 'Service/vrouter', 'StatefulSet/vrouter']);
  const pod = objects.get('StatefulSet/vrouter')!.spec.template.spec;
  const [c] = pod.containers;
  assert.deepEqual(c.args, ['lab', '/etc/vrouter/lab.clab.yml', '--data-dir', '/data/lab', '--listen', '0.0.0.0']);
  for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) assert.deepEqual(c[probe].exec.command, [...HEALTH, '/data/lab/lab.json'], probe);
  const config = objects.get('ConfigMap/vrouter-lab')!;
  assert.equal(pod.volumes.find((v: { name: string }) => v.name === 'topology').configMap.name, config.metadata.name);
  // The ConfigMap's files, as mounted, are a topology `vrouter lab` takes.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-lab-config-'));
  for (const [name, text] of Object.entries(config.data!)) fs.writeFileSync(path.join(dir, name), text);
  const topology = readTopology(path.join(dir, 'lab.clab.yml'));
  assert.deepEqual(topology.nodes.map((n) => `${n.name} ${n.board}`), ['r1 chr', 'r2 chr']);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the containerlab example: vrouter nodes of kind linux with their startup-config bound where containerlab mounts it, Linux nodes beside', () => {
  const dir = path.join(DEPLOY, 'containerlab');
  const lab = parse(fs.readFileSync(path.join(dir, 'vrouter.clab.yml'), 'utf8'));
  const nodes = lab.topology.nodes as Record<string, { kind: string; image: string; binds?: string[] }>;
  assert.deepEqual(Object.entries(nodes).map(([n, v]) => `${n} ${v.kind} ${v.image}`), [
    'r1 linux localhost/vrouter:latest', 'r2 linux localhost/vrouter:latest',
    'h1 linux ghcr.io/srl-labs/network-multitool', 'h2 linux ghcr.io/srl-labs/network-multitool',
  ]);
  for (const name of ['r1', 'r2']) {
    const [bind] = nodes[name].binds!;
    assert.equal(bind, `${name}.rsc:/ftpboot/config.auto.rsc:ro`);
    assert.ok(fs.existsSync(path.join(dir, `${name}.rsc`)));
  }
  for (const link of lab.topology.links) for (const end of link.endpoints) assert.ok(end.split(':')[0] in nodes, end);
});

test('the clabernetes example: a Topology of vrouter nodes, each node\'s startup-config from the ConfigMap', () => {
  const docs = parseAllDocuments(fs.readFileSync(path.join(DEPLOY, 'clabernetes/vrouter-lab.yaml'), 'utf8')).map((d) => d.toJS());
  const [config, topology] = docs;
  new ConfigMap(config).validate();
  assert.deepEqual([topology.apiVersion, topology.kind], ['clabernetes.containerlab.dev/v1alpha1', 'Topology']);
  const lab = parse(topology.spec.definition.containerlab);
  const nodes = lab.topology.nodes as Record<string, { kind: string; binds: string[] }>;
  assert.deepEqual(Object.keys(nodes), ['r1', 'r2', 'r3']);
  for (const [name, node] of Object.entries(nodes)) {
    assert.equal(node.kind, 'linux');
    const [file] = topology.spec.deployment.filesFromConfigMap[name];
    assert.equal(file.configMapName, config.metadata.name);
    assert.ok(file.configMapPath in config.data, file.configMapPath);
    assert.deepEqual(node.binds, [`${file.filePath}:/ftpboot/config.auto.rsc:ro`]);
  }
});
