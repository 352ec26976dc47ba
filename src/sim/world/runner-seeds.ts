// The demo world's groups and runners: instance runners that run every older project's jobs (their
// tags are world/catalog.ts LEGACY_TAG_SETS), and around them what an on-call engineer meets — a stale
// runner, one offline since three hours, a paused group runner, a ref_protected one, one registered
// that never asked for a job, and a project runner with a flaky machine (acme/ml, world/ml.ts).
import type { SimProject } from '../model.js';
import type { SimGroup, SimRunner, SimRunnerManager } from './runners.js';
import type { World } from './world.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A developer's token (carol): GitLab refuses her the runner lists (403), as it does below Maintainer. */
export const DEVELOPER_TOKEN = 'demo-developer-token';

/** Group members: alice owns the groups, bob maintains them, the rest develop (none in `secret`). */
const GROUP_LEVELS: Record<string, number> = { alice: 50, bob: 40, carol: 30, dmitri: 30, erin: 30 };

export function seedGroups(world: World): void {
  const paths = new Set<string>();
  for (const p of world.projects.values()) {
    const parts = p.namespace.split('/');
    parts.forEach((_, i) => paths.add(parts.slice(0, i + 1).join('/')));
  }
  // Parents before children, so ids grow down the tree as groups are created in GitLab.
  [...paths]
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))
    .forEach((path, i) => {
      const members = new Map<number, number>();
      if (!path.startsWith('secret')) {
        for (const [name, level] of Object.entries(GROUP_LEVELS)) {
          const user = world.usersByName.get(name);
          if (user) members.set(user.id, level);
        }
      }
      const parent = path.includes('/') ? world.groups.get(path.slice(0, path.lastIndexOf('/'))) : undefined;
      const name = path.split('/').at(-1)!;
      world.groups.set(path, { id: 9 + i * 3, path, name: name.charAt(0).toUpperCase() + name.slice(1), parentId: parent?.id ?? null, members });
    });
}

/** A group's member level for `userId` (GitLab's members are inherited down the tree). */
export function groupLevel(world: World, group: SimGroup, userId: number): number {
  let level = 0;
  for (let g: SimGroup | undefined = group; g; g = [...world.groups.values()].find((x) => x.id === g!.parentId)) {
    level = Math.max(level, g.members.get(userId) ?? 0);
  }
  return level;
}

interface ManagerSeed {
  systemId: string;
  platform?: string;
  architecture?: string;
  version?: string;
  /** Hours before the world opens that it last asked for a job (absent: it still does). */
  goneHours?: number;
  systemFailureRate?: number;
}

interface RunnerSeed {
  id: number;
  description: string;
  type: SimRunner['type'];
  tags: string[];
  runUntagged?: boolean;
  locked?: boolean;
  refProtected?: boolean;
  maximumTimeout?: number;
  paused?: boolean;
  neverContacted?: boolean;
  createdDaysAgo: number;
  group?: string;
  projects?: string[];
  note?: string;
  managers: ManagerSeed[];
}

const RUNNER_SEEDS: RunnerSeed[] = [
  {
    id: 1,
    description: 'shared-runner-1.acme.internal',
    type: 'instance_type',
    tags: ['docker', 'linux'],
    runUntagged: true,
    createdDaysAgo: 420,
    managers: [{ systemId: 's_5c1e8a0b92d4' }],
  },
  {
    id: 2,
    description: 'shared-runner-2.acme.internal',
    type: 'instance_type',
    tags: ['docker', 'linux'],
    createdDaysAgo: 410,
    managers: [{ systemId: 's_0f3a77c4e218' }, { systemId: 's_9b62d1f0aa37', goneHours: 26 }],
  },
  {
    id: 3,
    description: 'gpu-runner-a100',
    type: 'instance_type',
    tags: ['gpu'],
    maximumTimeout: 10_800,
    createdDaysAgo: 200,
    managers: [{ systemId: 'r_Kq8vT2mZp4Lx' }],
  },
  {
    id: 7,
    description: 'k8s-autoscaler-pool',
    type: 'instance_type',
    tags: ['kubernetes'],
    createdDaysAgo: 150,
    managers: [{ systemId: 'r_k8s7a1pod0001', platform: 'linux', architecture: 'arm64' }, { systemId: 'r_k8s7a1pod0002' }],
  },
  {
    id: 4,
    description: 'shared-runner-old.acme.internal',
    type: 'instance_type',
    tags: ['docker', 'linux'],
    createdDaysAgo: 600,
    note: 'Replaced by shared-runner-2; unregister after the freeze.',
    managers: [{ systemId: 's_77e0c2b5d9f1', version: '15.11.1', goneHours: 40 * 24 }],
  },
  {
    id: 5,
    description: 'windows-2022-shell',
    type: 'instance_type',
    tags: ['shell', 'windows'],
    createdDaysAgo: 90,
    managers: [{ systemId: 'r_Win22bld0001', platform: 'windows', goneHours: 3 }],
  },
  {
    id: 6,
    description: 'acme-arm64-builder',
    type: 'group_type',
    group: 'acme',
    tags: ['arm64', 'docker', 'linux'],
    paused: true,
    createdDaysAgo: 60,
    note: 'Paused: host is being reimaged.',
    managers: [{ systemId: 'r_Arm64host001', architecture: 'arm64' }],
  },
  {
    id: 8,
    description: 'platform-terraform',
    type: 'group_type',
    group: 'acme/platform',
    tags: ['linux', 'terraform'],
    refProtected: true,
    createdDaysAgo: 120,
    managers: [{ systemId: 'r_TfPlatform01' }],
  },
  {
    id: 11,
    description: 'ml-gpu-a100-01',
    type: 'project_type',
    projects: ['acme/ml'],
    tags: ['cuda', 'gpu-a100', 'linux'],
    locked: true,
    maximumTimeout: 14_400,
    createdDaysAgo: 45,
    managers: [{ systemId: 'r_MlA100n0001' }],
  },
  {
    id: 12,
    description: 'ml-trainer-pool',
    type: 'project_type',
    projects: ['acme/ml'],
    tags: ['docker', 'linux', 'ml'],
    locked: true,
    createdDaysAgo: 40,
    managers: [
      { systemId: 'r_MlPool0node1', systemFailureRate: 0.02 },
      { systemId: 'r_MlPool0node2', systemFailureRate: 0.6 },
    ],
  },
  {
    id: 13,
    description: 'ml-deploy',
    type: 'project_type',
    projects: ['acme/ml'],
    tags: ['deploy'],
    locked: true,
    refProtected: true,
    createdDaysAgo: 40,
    managers: [{ systemId: 'r_MlDeploy0001' }],
  },
  {
    id: 14,
    description: 'ml-gpu-h100-01',
    type: 'project_type',
    projects: ['acme/ml'],
    tags: ['cuda', 'gpu-h100', 'linux'],
    locked: true,
    createdDaysAgo: 20,
    managers: [{ systemId: 'r_MlH100n0001', goneHours: 3 }],
  },
  { id: 15, description: 'ml-tpu-pilot', type: 'project_type', projects: ['acme/ml'], tags: ['tpu'], neverContacted: true, createdDaysAgo: 2, managers: [] },
];

export function seedRunners(world: World, startTime: number): void {
  let managerId = 1;
  for (const seed of RUNNER_SEEDS) {
    const createdAt = startTime - seed.createdDaysAgo * DAY;
    const projectIds = (seed.projects ?? []).map((path) => world.projectsByPath.get(path)).filter((p): p is SimProject => p !== undefined);
    const managers: SimRunnerManager[] = seed.managers.map((m, i) => ({
      id: managerId++,
      systemId: m.systemId,
      version: m.version ?? (seed.id % 2 ? '17.5.2' : '17.4.0'),
      revision: m.version ? 'a1b2c3d4' : seed.id % 2 ? '0f5ce5a7' : '3ab7b2f1',
      platform: m.platform ?? 'linux',
      architecture: m.architecture ?? 'amd64',
      ipAddress: `10.20.${seed.id}.${10 + i}`,
      createdAt: createdAt + i * 3 * HOUR,
      until: m.goneHours === undefined ? null : startTime - m.goneHours * HOUR,
      systemFailureRate: m.systemFailureRate ?? 0,
    }));
    world.runners.set(seed.id, {
      id: seed.id,
      description: seed.description,
      type: seed.type,
      tags: [...seed.tags].sort(),
      runUntagged: seed.runUntagged ?? false,
      locked: seed.locked ?? false,
      accessLevel: seed.refProtected ? 'ref_protected' : 'not_protected',
      maximumTimeout: seed.maximumTimeout ?? null,
      paused: seed.paused ?? false,
      createdAt,
      neverContacted: seed.neverContacted ?? false,
      maintenanceNote: seed.note ?? '',
      groupPath: seed.group ?? null,
      projectIds: projectIds.map((p) => p.id),
      managers,
    });
  }
  const carol = world.usersByName.get('carol');
  if (carol) world.tokens.set(DEVELOPER_TOKEN, { userId: carol.id, scopes: 'api', expired: false });
}
