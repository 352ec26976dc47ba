// Pipeline variables, typed inputs and job variables through the API module: create with variables
// (read back from …/variables), GitLab's 400s for a bad key, an undeclared or ill-typed input, and a
// manual job played with job_variables_attributes whose script echoes one of them in its log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceResult } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { MINUTE, startRig, type Rig } from '../helpers/sim.js';
import { apiError } from '../helpers/expect.js';

const DEPLOYER = 'acme/platform/deployer';
let rig: Rig;

const text = (t: TraceResult) => (t.kind === 'unchanged' ? '' : t.chunk.toString('utf8'));

// Each test its own world: the pipelines one creates and the job it plays (and the clock it moves)
// are not in the demo world another test reads.
beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

describe('pipeline variables and inputs', () => {
  it('creates a pipeline with two variables (JSON body) and reads them back', async () => {
    const pipeline = await rig.gl.pipelines.create(DEPLOYER, 'main', {
      variables: [
        { key: 'DEPLOY_TARGET', value: 'eu-central-1' },
        { key: 'KUBECONFIG_FILE', value: 'apiVersion: v1\n', variable_type: 'file' },
      ],
    });
    expect(pipeline.status).toBe('pending');
    const variables = await rig.gl.pipelines.variables(DEPLOYER, pipeline.id);
    expect(variables).toEqual([
      { variable_type: 'env_var', key: 'DEPLOY_TARGET', value: 'eu-central-1' },
      { variable_type: 'file', key: 'KUBECONFIG_FILE', value: 'apiVersion: v1\n' },
    ]);
    // The request went as GitLab documents it: ref in the query, the rest as JSON.
    const sent = rig.sim.requests.filter((r) => r.method === 'POST' && r.path.startsWith(`/projects/${encodeURIComponent(DEPLOYER)}/pipeline?`));
    expect(sent.at(-1)!.headers['content-type']).toContain('application/json');
  });

  it('a pipeline created without variables has none; an unknown pipeline is a 404', async () => {
    const pipeline = await rig.gl.pipelines.create(DEPLOYER, 'main');
    expect(await rig.gl.pipelines.variables(DEPLOYER, pipeline.id)).toEqual([]);
    expect((await apiError(rig.gl.pipelines.variables(DEPLOYER, 99_999_999))).status).toBe(404);
  });

  it('the demo world has a pipeline run with variables, one of them a file', async () => {
    const list = await rig.gl.pipelines.list(DEPLOYER, { source: 'api', ref: 'feature/canary' }).all();
    const variables = await rig.gl.pipelines.variables(DEPLOYER, list.at(-1)!.id);
    expect(variables.map((v) => `${v.key}:${v.variable_type}`)).toEqual(['DEPLOY_TARGET:env_var', 'ROLLOUT_PLAN:file']);
  });

  it('refuses a bad variable key with GitLab’s validation message (400), and a missing value', async () => {
    const bad = await apiError(rig.gl.pipelines.create(DEPLOYER, 'main', { variables: [{ key: 'NOT-OK', value: 'x' }] }));
    expect(bad.status).toBe(400);
    expect(bad.reason).toContain("can contain only letters, digits and '_'");
    const res = await fetch(`${rig.sim.apiUrl}/projects/${encodeURIComponent(DEPLOYER)}/pipeline?ref=main`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': DEMO_TOKENS.user, 'content-type': 'application/json' },
      body: JSON.stringify({ variables: [{ key: 'A' }] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'variables[0][value] is missing' });
  });

  it('takes variables as Rack form fields too (variables[][key]=…)', async () => {
    const form = new URLSearchParams([
      ['variables[][key]', 'A'],
      ['variables[][value]', '1'],
      ['variables[][key]', 'B'],
      ['variables[][value]', '2'],
      ['variables[][variable_type]', 'file'],
    ]);
    const res = await fetch(`${rig.sim.apiUrl}/projects/${encodeURIComponent(DEPLOYER)}/pipeline?ref=main`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': DEMO_TOKENS.user, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await rig.gl.pipelines.variables(DEPLOYER, id)).toEqual([
      { variable_type: 'env_var', key: 'A', value: '1' },
      { variable_type: 'file', key: 'B', value: '2' },
    ]);
  });

  it('takes the inputs the project declares, with their types', async () => {
    const pipeline = await rig.gl.pipelines.create(DEPLOYER, 'main', {
      inputs: { environment: 'production', replicas: 3, dry_run: false, regions: ['eu-west-1', 'us-east-1'] },
    });
    expect(pipeline.status).toBe('pending');
  });

  it('refuses undeclared and ill-typed inputs in one 400 with GitLab’s messages', async () => {
    const unknown = await apiError(rig.gl.pipelines.create(DEPLOYER, 'main', { inputs: { colour: 'blue' } }));
    expect(unknown.status).toBe(400);
    expect(unknown.reason).toContain('unknown input arguments: colour');
    const typed = await apiError(rig.gl.pipelines.create(DEPLOYER, 'main', { inputs: { replicas: 'three', dry_run: 'yes' } }));
    expect(typed.status).toBe(400);
    expect(typed.reason).toContain('`replicas` input: provided value is not a number');
    expect(typed.reason).toContain('`dry_run` input: provided value is not a boolean');
    // A project that declares no inputs refuses any.
    const none = await apiError(rig.gl.pipelines.create('acme/api', 'main', { inputs: { x: '1' } }));
    expect(none.reason).toContain('unknown input arguments: x');
  });

  it('the read-only token cannot create a pipeline', async () => {
    const error = await apiError(rig.client(DEMO_TOKENS.readOnly).pipelines.create(DEPLOYER, 'main', { variables: [{ key: 'A', value: '1' }] }));
    expect(error.status).toBe(403);
  });
});

describe('playing a manual job with variables', () => {
  it('plays with job_variables_attributes; the deploy script echoes the target (nothing else shows values)', async () => {
    // deploy:production may fail (allow_failure): its pipelines end as success with it still manual.
    const list = await rig.gl.pipelines.list(DEPLOYER, { source: 'push', perPage: 100 }).all();
    let manual;
    for (const p of list) {
      manual = (await rig.gl.jobs.listForPipeline(DEPLOYER, p.id, { scope: 'manual' }).all()).find((j) => j.name === 'deploy:production');
      if (manual) break;
    }
    expect(manual).toBeDefined();
    const bad = await apiError(rig.gl.jobs.play(DEPLOYER, manual!.id, { variables: [{ key: 'BAD KEY', value: 'x' }] }));
    expect(bad.status).toBe(400);
    expect((await rig.gl.jobs.get(DEPLOYER, manual!.id)).status).toBe('manual');

    const played = await rig.gl.jobs.play(DEPLOYER, manual!.id, { variables: [{ key: 'DEPLOY_TARGET', value: 'ap-south-1' }] });
    expect(played.status).toBe('started');
    for (let i = 0; i < 30 && (await rig.gl.jobs.get(DEPLOYER, manual!.id)).finished_at === null; i++) rig.advance(MINUTE);
    const log = text(await rig.gl.jobs.trace(DEPLOYER, manual!.id));
    expect(log).toContain('$ echo "Deploying $DEPLOY_TARGET"');
    expect(log).toContain('\nDeploying ap-south-1\n');
    // The runner prints no variable values of its own: the value appears once, where the script echoes it.
    expect(log.split('ap-south-1').length).toBe(2);
    const again = await apiError(rig.gl.jobs.play(DEPLOYER, manual!.id));
    expect(again.status).toBe(400);
    expect(again.reason).toContain('Unplayable Job');
  });

  it('a job played in the demo world shows the target it was given', async () => {
    const pipelines = await rig.gl.pipelines.list(DEPLOYER, { source: 'push', perPage: 100 }).all();
    const texts: string[] = [];
    for (const p of pipelines) {
      for (const j of await rig.gl.jobs.listForPipeline(DEPLOYER, p.id, { scope: 'success' }).all()) {
        if (j.name === 'deploy:production') texts.push(text(await rig.gl.jobs.trace(DEPLOYER, j.id)));
      }
    }
    expect(texts.some((t) => /\nDeploying (eu-west-1|us-east-1)\n/.test(t))).toBe(true);
  });
});
