#!/usr/bin/python3
"""Conformance check: drives the simulator with python-gitlab (Debian's python3-gitlab), a real GitLab
client nobody on this project wrote. Usage: scripts/python-gitlab-check.py http://127.0.0.1:PORT
Prints one line per check and exits non-zero on the first failure."""
import sys, io, zipfile, gitlab

url = sys.argv[1]
gl = gitlab.Gitlab(url, private_token="demo-user-token")
admin = gitlab.Gitlab(url, private_token="demo-admin-token")
bob = gitlab.Gitlab(url, private_token="demo-other-token")
checks = 0

def ok(cond, what):
    global checks
    if not cond:
        print("FAIL", what); sys.exit(1)
    checks += 1
    print("ok  ", what)

gl.auth(); ok(gl.user.username == "alice", "auth + /user")
projects = gl.projects.list(membership=True, simple=True, order_by="last_activity_at", get_all=True)
ok(len(projects) == 8 and "acme/ml" in [p.path_with_namespace for p in projects], f"membership projects: {[p.path_with_namespace for p in projects]}")
tf = gl.projects.get("acme/platform/infra/terraform"); ok(tf.path == "terraform", "project by nested path")
api = gl.projects.get("acme/api")
pls = api.pipelines.list(get_all=False, per_page=100); ok(len(pls) == 100, "pipelines page of 100")
total = len(api.pipelines.list(iterator=True)); ok(total > 200, f"iterator over all pipelines ({total})")
failed = api.pipelines.list(status="failed", per_page=5, get_all=False); ok(all(p.status == "failed" for p in failed), "status filter")
p = api.pipelines.get(failed[0].id); ok(p.before_sha and p.user["username"], "full pipeline")
jobs = p.jobs.list(get_all=True); ok(len(jobs) > 3, "pipeline jobs")
fj = [j for j in jobs if j.status == "failed"][0]
job = api.jobs.get(fj.id); ok(job.failure_reason, "job with failure_reason")
trace = job.trace(); ok(b"section_start" in trace, f"trace ({len(trace)} bytes)")
new = job.retry(); ok(new["status"] == "pending" and new["id"] != job.id, "job retry -> new pending job")
try:
    api.jobs.get(new["id"]).retry(); ok(False, "retry of pending job should fail")
except gitlab.exceptions.GitlabJobRetryError as e:
    ok(e.response_code == 403 and "not retryable" in str(e), f"403 not retryable: {e}")
manual = [j for j in api.jobs.list(scope=["manual"], get_all=False, per_page=5)][0]
manual.play(); ok(api.jobs.get(manual.id).status == "pending", "play manual job")
arts = [j for j in api.jobs.list(scope=["success"], per_page=100, get_all=False) if getattr(j, "artifacts_file", None)][0]
data = api.jobs.get(arts.id).artifacts(); z = zipfile.ZipFile(io.BytesIO(data)); ok(len(z.namelist()) > 0 and len(data) == arts.artifacts_file["size"], f"artifacts zip {z.namelist()}")
byref = api.artifacts.download(ref_name="main", job="build"); ok(zipfile.ZipFile(io.BytesIO(byref)).namelist() == ["dist/server.js", "dist/server.js.map"], "artifacts by ref")
new_p = api.pipelines.create({"ref": "main"}); ok(new_p.status == "pending" and new_p.before_sha == "0" * 40, "pipeline create")
new_p.cancel(); ok(api.pipelines.get(new_p.id).status == "canceled", "pipeline cancel")
new_p.retry(); ok(api.pipelines.get(new_p.id).status in ("pending", "running"), "pipeline retry")
s = api.pipelineschedules.create({"description": "py check", "ref": "main", "cron": "0 4 * * *", "cron_timezone": "Berlin"})
ok(s.active and s.cron_timezone == "Berlin", "schedule create (Rails zone)")
s.description = "py check (edited)"; s.save(); ok(api.pipelineschedules.get(s.id).description == "py check (edited)", "schedule edit")
v = s.variables.create({"key": "PY_VAR", "value": "one"}); ok(v.key == "PY_VAR" and v.value == "one" and v.variable_type == "env_var", "schedule variable create")
s.variables.update("PY_VAR", {"key": "PY_VAR", "value": "two"})
ok([x["value"] for x in api.pipelineschedules.get(s.id).attributes["variables"]] == ["two"], "schedule variable update")
try:
    s.variables.create({"key": "PY_VAR", "value": "again"}); ok(False, "duplicate schedule variable accepted")
except gitlab.exceptions.GitlabCreateError as e:
    ok(e.response_code == 400 and "taken" in str(e.error_message), f"duplicate variable 400: {e.error_message}")
s.variables.delete("PY_VAR"); ok(api.pipelineschedules.get(s.id).attributes["variables"] == [], "schedule variable delete")
# play() replaces the object's attributes with the answer (python-gitlab 3.12): a copy plays.
ok(api.pipelineschedules.get(s.id).play() == {"message": "201 Created"}, "schedule play -> 201 message")
try:
    api.pipelineschedules.create({"description": "bad", "ref": "main", "cron": "61 * * * *"}); ok(False, "bad cron accepted")
except gitlab.exceptions.GitlabCreateError as e:
    ok(e.response_code == 400 and "cron" in str(e.error_message), f"bad cron 400: {e.error_message}")
bs = bob.projects.get("acme/api").pipelineschedules.get(s.id); bs.take_ownership(); ok(api.pipelineschedules.get(s.id).owner["username"] == "bob", "take ownership by bob")
bs.delete()
try:
    api.pipelineschedules.get(s.id); ok(False, "deleted schedule still there")
except gitlab.exceptions.GitlabGetError as e:
    ok(e.response_code == 404, "schedule delete -> 404")
ok(len(api.pipelineschedules.list(scope="active", get_all=True)) >= 1, "schedules scope filter")
deps = api.deployments.list(get_all=False, per_page=20); ok(len(deps) > 0 and "environment" in deps[0].attributes, "deployments list")
ok(api.deployments.get(deps[0].id).iid == deps[0].iid, "deployment get")
ok(admin.keys.get(1).user["email"].endswith("@acme.example"), "admin key lookup")
try:
    gl.keys.get(1); ok(False, "non-admin key lookup allowed")
except gitlab.exceptions.GitlabGetError as e:
    ok(e.response_code == 403, "non-admin key lookup -> 403")
ev = gl.events.list(get_all=False, per_page=20); ok(all(e.author_username == "alice" for e in ev), "my events")
pev = api.events.list(action="pushed", get_all=False, per_page=20); ok(len(pev) > 0 and all(e.action_name in ("pushed to", "pushed new", "deleted") for e in pev), "project events action filter")
uev = gl.http_list("/users/bob/events", get_all=False, per_page=10); ok(len(uev) > 0 and all(e["author_username"] == "bob" for e in uev), "user events by username")
# Trigger jobs, merge-request pipelines, variables and test reports (issue 13).
dep = gl.projects.get("acme/platform/deployer")
parent = dep.pipelines.list(status="success", source="push", get_all=False, per_page=1)[0]
bridges = dep.pipelines.get(parent.id).bridges.list(get_all=True)
ok(sorted(b.name for b in bridges) == ["docs", "integration", "mobile:release"] and all(b.downstream_pipeline for b in bridges), "pipeline bridges with downstream pipelines")
child = [b for b in bridges if b.name == "integration"][0].downstream_pipeline
ok(dep.pipelines.get(child["id"]).source == "parent_pipeline", "child pipeline")
ok(all(p.source != "parent_pipeline" for p in dep.pipelines.list(get_all=True)), "children left out of the pipeline list")
ok(len(dep.pipelines.list(source="parent_pipeline", get_all=True)) > 0, "source=parent_pipeline lists them")
made = dep.pipelines.create({"ref": "main", "variables": [{"key": "DEPLOY_TARGET", "value": "eu"}, {"key": "F", "value": "x", "variable_type": "file"}]})
ok(sorted((v.key, v.variable_type) for v in made.variables.list(get_all=True)) == [("DEPLOY_TARGET", "env_var"), ("F", "file")], "pipeline variables")
try:
    dep.pipelines.create({"ref": "main", "variables": [{"key": "BAD-KEY", "value": "x"}]}); ok(False, "bad variable key accepted")
except gitlab.exceptions.GitlabCreateError as e:
    ok(e.response_code == 400, f"bad variable key 400: {e.error_message}")
summary = api.pipelines.get(failed[0].id).test_report_summary.get()
report = api.pipelines.get(failed[0].id).test_report.get()
ok(summary.total["count"] == report.total_count, "test report summary and report agree")
mob = gl.projects.get("acme/mobile")
mr = mob.mergerequests.get(12); ok(mr.title == "Add biometric login", "merge request")
mrp = mr.pipelines.list(get_all=True); ok([p.ref for p in mrp] == ["refs/merge-requests/12/merge", "refs/merge-requests/12/head"], "merge request pipelines")
new_mrp = mr.pipelines.create(); ok(new_mrp.ref == "refs/merge-requests/12/merge", "merge request pipeline create")
print(f"{checks} checks passed")
