// bidwell publish: compile the modules the app's start imports with the very Python the browser runs (Pyodide's,
// here in Node), so the browser loads them without compiling them at every start.
//   node compile_bytecode.mjs PYODIDE_FOLDER APP_FOLDER
// APP_FOLDER is app.tar.gz unpacked; each module gets its __pycache__/*.cpython-314.pyc there. The bytecode is
// "unchecked-hash": the archive sets every file's time to 0, so a time stamp in it would tell nothing.
import { pathToFileURL } from "node:url";

const [pyodideFolder, appFolder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideFolder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideFolder}/` });
pyodide.FS.mkdirTree("/app");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: appFolder }, "/app");
pyodide.runPython(`
import importlib.util, os, py_compile, sys

os.chdir("/app")
sys.path[:0] = ["/app/__pypackages__", "/app"]
sys.dont_write_bytecode = True
import flet  # noqa: F401 - what main.py imports first
import companion.publish.standalone  # noqa: F401 - and then

for module in list(sys.modules.values()):
    source = getattr(module, "__file__", None) or ""
    if source.startswith("/app/") and source.endswith(".py"):
        py_compile.compile(source, cfile=importlib.util.cache_from_source(source), doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
