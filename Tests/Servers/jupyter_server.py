"""A real Jupyter Server (the REST API behind JupyterLab and Notebook 7) for `ron drift`'s
live-server tests.

The server runs in this process (jupyter_server's ServerApp), on a free loopback port, with a
token and a temporary root directory holding a notebook, a text file and a folder with a file
in it. No user or system Jupyter configuration is read (JUPYTER_NO_CONFIG, and the config, data
and runtime directories are temporary ones). Once it listens it is seeded through its own REST
API: a checkpoint of the notebook, a config section, a kernel (ipykernel's python3), a session
on the notebook that uses that kernel, and a terminal. Then it prints one line of JSON and
serves until its standard input closes or SIGTERM comes; either way the kernel and the terminal
are killed with it, so nothing outlives the test that started it.

Ready line (one line on standard output):
  {"name": "jupyter", "base": "http://127.0.0.1:PORT",
   "description": "http://127.0.0.1:PORT/api/spec.yaml",     Swagger 2.0 YAML, the server's own
   "credentials": {},
   "token": "<T>", "headers": {"Authorization": "token <T>"},
   "seeded": {...}}                                           paths and ids, by kind

Credentials: the description declares no securityDefinitions (and no `security`), so there is
no scheme name to map the token to and `credentials` is empty. The server still wants the token
on every route but /api (the version), the description itself included (without it: 302 to
/login, or 403): in the `Authorization` header as `token <T>` (what `headers` gives, verbatim) or
as `Bearer <T>` (jupyter_server's pattern is `(token|bearer)\\s+`, case-insensitive), so
`ron drift --token <T>`, which sends `Authorization: Bearer <T>`, works.

Its description documents `/api/`, which answers 302 to `/api` (tornado's slash removal).

Needs `python3 -m pip install jupyter_server ipykernel` (jupyter_server_terminals and terminado
come with jupyter_server; ipykernel gives the python3 kernel); without them it prints
`missing:<error>` and exits with status 3. Starting the kernel takes about a second.
"""

import json
import os
import secrets
import shutil
import signal
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

started = time.monotonic()
# This file's own name is the package's: without its folder on the path, `import jupyter_server`
# finds the package, not this script.
here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != here]
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])

workdir = tempfile.mkdtemp(prefix="ron-jupyter-")
for name in ("root", "config", "data", "runtime"):
    os.makedirs(os.path.join(workdir, name))
# Before jupyter_core is imported: it reads these once.
os.environ.update(
    {
        "JUPYTER_NO_CONFIG": "1",
        "JUPYTER_CONFIG_DIR": os.path.join(workdir, "config"),
        "JUPYTER_DATA_DIR": os.path.join(workdir, "data"),
        "JUPYTER_RUNTIME_DIR": os.path.join(workdir, "runtime"),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
)

try:
    import ipykernel  # noqa: F401 - the python3 kernel the seeded session runs
    import jupyter_server_terminals  # noqa: F401
    import nbformat
    from jupyter_server.serverapp import ServerApp
except ImportError as error:
    print("missing:" + str(error), flush=True)
    shutil.rmtree(workdir, ignore_errors=True)
    os._exit(3)  # sys.exit would wait on the thread reading stdin

app = None


def end(signum=None, frame=None, status=0):
    """Kill what the server started (kernels, terminals: each in its own session), remove the
    temporary directory, then exit: with `status` when standard input closed, by the signal
    itself on SIGTERM."""
    if app is not None:
        try:
            for kernel_id in list(app.kernel_manager.list_kernel_ids()):
                provisioner = app.kernel_manager.get_kernel(kernel_id).provisioner
                process = getattr(provisioner, "process", None)
                if process is not None:
                    os.killpg(process.pid, signal.SIGKILL)
        except Exception:  # noqa: BLE001, S110 - exiting anyway; kernels also poll their parent
            pass
        try:
            terminals = app.web_app.settings.get("terminal_manager")
            for terminal in list(getattr(terminals, "terminals", {}).values()):
                os.killpg(terminal.ptyproc.pid, signal.SIGKILL)
        except Exception:  # noqa: BLE001, S110 - the terminal's pty closes with us
            pass
    shutil.rmtree(workdir, ignore_errors=True)
    if signum is not None:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    os._exit(status)


signal.signal(signal.SIGTERM, end)


def watch_stdin():
    sys.stdin.buffer.read()
    end()


threading.Thread(target=watch_stdin, daemon=True).start()

TOKEN = secrets.token_urlsafe(24)
root = os.path.join(workdir, "root")

# The files: a notebook with a code and a markdown cell, a text file, a folder with a file.
notebook = nbformat.v4.new_notebook()
notebook.cells = [
    nbformat.v4.new_markdown_cell("# Demo\nA notebook seeded for `ron drift`."),
    nbformat.v4.new_code_cell("print(6 * 7)"),
]
nbformat.write(notebook, os.path.join(root, "demo.ipynb"))
with open(os.path.join(root, "notes.txt"), "w") as file:
    file.write("Plain text, seeded.\n")
os.makedirs(os.path.join(root, "folder"))
with open(os.path.join(root, "folder", "data.json"), "w") as file:
    json.dump({"answer": 42}, file)

SERVER_ARGUMENTS = [
    "--ServerApp.ip=127.0.0.1",
    "--ServerApp.port=0",
    "--ServerApp.port_retries=0",
    "--ServerApp.open_browser=False",
    "--ServerApp.allow_root=True",  # CI containers run as root
    "--ServerApp.root_dir=" + root,
    "--ServerApp.log_level=WARN",
    "--IdentityProvider.token=" + TOKEN,
    # The extension that serves /api/terminals (JUPYTER_NO_CONFIG skips the file enabling it).
    '--ServerApp.jpserver_extensions={"jupyter_server_terminals": True}',
    "--ServerApp.terminals_enabled=True",
]

app = ServerApp()
try:
    app.initialize(argv=SERVER_ARGUMENTS)
except SystemExit as exit:  # a refused configuration: ServerApp logs why on standard error
    print(f"jupyter_server did not start ({exit.code})", file=sys.stderr, flush=True)
    end(status=1)
# ServerApp.initialize set its own SIGTERM handler (a graceful stop that takes seconds): ours.
signal.signal(signal.SIGTERM, end)
base = f"http://127.0.0.1:{app.port}"


# Seeding calls the server directly, whatever proxy the environment names.
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(method, path, body=None):
    """One request to the running server; returns the decoded JSON answer (raises on >= 400)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Authorization", "token " + TOKEN)
    request.add_header("Content-Type", "application/json")
    try:
        with opener.open(request, timeout=60) as answer:
            return json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {path}: {error.code} {error.read()[:500]!r}") from None


def seed():
    for _ in range(200):  # the loop starts just after this thread
        try:
            call("GET", "/api/status")
            break
        except (OSError, RuntimeError):
            time.sleep(0.05)
    checkpoint = call("POST", "/api/contents/demo.ipynb/checkpoints")
    call("PATCH", "/api/config/notebook", {"ron": {"seeded": True}})
    kernel = call("POST", "/api/kernels", {"name": "python3"})
    session = call(
        "POST",
        "/api/sessions",
        {
            "path": "demo.ipynb",
            "name": "demo.ipynb",
            "type": "notebook",
            "kernel": {"id": kernel["id"]},
        },
    )
    terminal = call("POST", "/api/terminals")
    return {
        "notebook": "demo.ipynb",
        "file": "notes.txt",
        "directory": "folder",
        "fileInDirectory": "folder/data.json",
        "checkpoint": {"path": "demo.ipynb", "id": checkpoint["id"]},
        "configSection": "notebook",
        "kernel": kernel["id"],
        "kernelName": kernel["name"],
        "session": session["id"],
        "terminal": terminal["name"],
    }


def seed_then_announce():
    try:
        seeded = seed()
    except Exception as error:  # noqa: BLE001 - the test shows standard error when start fails
        print(f"seeding failed: {error}", file=sys.stderr, flush=True)
        end(status=1)
    print(f"jupyter: started and seeded in {time.monotonic() - started:.2f}s", file=sys.stderr)
    ready = {
        "name": "jupyter",
        "base": base,
        "description": base + "/api/spec.yaml",
        "credentials": {},
        "token": TOKEN,
        "headers": {"Authorization": "token " + TOKEN},
        "seeded": seeded,
    }
    print(json.dumps(ready), flush=True)


threading.Thread(target=seed_then_announce, daemon=True).start()
app.start()
