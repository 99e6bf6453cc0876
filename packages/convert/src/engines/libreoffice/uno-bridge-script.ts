/**
 * The Python program that drives one headless LibreOffice through UNO (`python3-uno`), the way
 * unoserver does. The pool writes it to its work folder and runs one per soffice process.
 *
 * Protocol, one JSON object per line. Start: `python3 bridge.py PIPE_NAME CONNECT_SECONDS
 * OFFICE_PID`; the bridge prints `{"type":"ready","schemes":[...]}` or `{"type":"fatal",...}`.
 * Then each request `{"id","input","output","inputFilter","outputFilter","layout"}` gets
 * `{"id","ok":true}` or `{"id","ok":false,"stage":"load"|"store","error"}`; when LibreOffice dies
 * the bridge prints `{"type":"fatal",...}` and exits. `{"cmd":"terminate"}` shuts LibreOffice
 * down. When its stdin closes (Node went away) it kills the soffice process group.
 *
 * Safety: every UCB content provider other than local ones is deregistered at connect time and
 * the bridge refuses to start if one remains, so documents cannot make LibreOffice fetch URLs
 * (the profile also removes them; this check holds on LibreOffice versions whose profile keys
 * differ). Documents are loaded without a view, read-only, with macros and link updates off.
 *
 * PDF export needs a view, and LibreOffice's "nogui" packages lack the UI files that Writer's
 * comment margin builds when a view opens, which aborts soffice. So comments (never printed in
 * a PDF by default) are removed before a view is attached for PDF; DOCX export needs no view and
 * keeps them. A PDF shows tracked changes as if accepted (`ShowChanges` off), as Quire's default
 * markup `none` does; LibreOffice has no view of the original, so no other markup is asked of it.
 */
export const UNO_BRIDGE_SCRIPT = String.raw`
import json
import os
import signal
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.lang import DisposedException

LOCAL_SCHEMES = {
    "file", "private", "vnd.sun.star.hier", "vnd.sun.star.help", "vnd.sun.star.pkg",
    "vnd.sun.star.expand", "vnd.sun.star.tdoc", "vnd.sun.star.zip", "vnd.sun.star.extension",
    "vnd.libreoffice.image",
}
NEVER_EXECUTE = 0  # com.sun.star.document.MacroExecMode.NEVER_EXECUTE
NO_UPDATE = 0  # com.sun.star.document.UpdateDocMode.NO_UPDATE


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def prop(name, value):
    result = PropertyValue()
    result.Name = name
    result.Value = value
    return result


def describe(error):
    text = getattr(error, "Message", None) or str(error)
    return "%s: %s" % (type(error).__name__, text.splitlines()[0] if text else "")


def is_fatal(error):
    return isinstance(error, DisposedException) or "URP bridge" in str(error)


def connect(pipe, seconds):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + seconds
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def keep_local_providers_only(ctx):
    ucb = ctx.ServiceManager.createInstanceWithContext("com.sun.star.ucb.UniversalContentBroker", ctx)
    for info in ucb.queryContentProviders():
        if info.Scheme not in LOCAL_SCHEMES:
            ucb.deregisterContentProvider(info.ContentProvider, info.Scheme)
    schemes = sorted(info.Scheme for info in ucb.queryContentProviders())
    remote = [scheme for scheme in schemes if scheme not in LOCAL_SCHEMES]
    if remote:
        raise RuntimeError("remote content providers are still registered: " + ", ".join(remote))
    return schemes


def remove_comments(doc):
    fields = doc.getTextFields().createEnumeration()
    comments = []
    while fields.hasMoreElements():
        field = fields.nextElement()
        if field.supportsService("com.sun.star.text.textfield.Annotation"):
            comments.append(field)
    for field in comments:
        field.dispose()


def show_as_accepted(doc):
    # Markup none, Quire's default: tracked changes shown as if accepted (deletions hidden,
    # insertions as plain text), a view setting that leaves the document as it is.
    try:
        doc.setPropertyValue("ShowChanges", False)
    except Exception as error:
        if is_fatal(error):
            raise


def close(doc):
    try:
        doc.close(True)
    except Exception as error:
        if is_fatal(error):
            raise


def convert(ctx, desktop, job):
    doc = ctx.ServiceManager.createInstanceWithContext("com.sun.star.text.TextDocument", ctx)
    try:
        doc.load((
            prop("URL", uno.systemPathToFileUrl(job["input"])),
            prop("FilterName", job["inputFilter"]),
            prop("ReadOnly", True),
            prop("Hidden", True),
            prop("MacroExecutionMode", NEVER_EXECUTE),
            prop("UpdateDocMode", NO_UPDATE),
        ))
    except Exception as error:
        if is_fatal(error):
            raise
        close(doc)
        return {"ok": False, "stage": "load", "error": describe(error)}
    try:
        if job["layout"]:
            remove_comments(doc)
            show_as_accepted(doc)
            desktop.loadComponentFromURL("private:object", "_blank", 0, (prop("Model", doc), prop("Hidden", True)))
        doc.storeToURL(uno.systemPathToFileUrl(job["output"]), (
            prop("FilterName", job["outputFilter"]),
            prop("Overwrite", True),
        ))
    except Exception as error:
        if is_fatal(error):
            raise
        return {"ok": False, "stage": "store", "error": describe(error)}
    finally:
        close(doc)
    return {"ok": True}


def kill_office(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def main():
    pipe, seconds, office_pid = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    try:
        ctx = connect(pipe, seconds)
        schemes = keep_local_providers_only(ctx)
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    except Exception as error:
        send({"type": "fatal", "error": describe(error)})
        return 1
    send({"type": "ready", "schemes": schemes})
    for line in iter(sys.stdin.readline, ""):
        request = json.loads(line)
        if request.get("cmd") == "terminate":
            try:
                desktop.terminate()
            except Exception:
                pass
            return 0
        try:
            result = convert(ctx, desktop, request)
        except Exception as error:
            send({"type": "fatal", "id": request.get("id"), "error": describe(error)})
            return 1
        result["id"] = request["id"]
        send(result)
    kill_office(office_pid)
    return 0


sys.exit(main())
`;
