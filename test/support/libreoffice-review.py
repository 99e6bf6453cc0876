"""Reads the review of DOCX files in LibreOffice through its UNO bridge, for the tests.

Reads a JSON request on stdin: {"soffice": path, "profile": file URL, "pipe": name, "files": {name: path}}.
Starts one soffice for the whole batch (headless, the given throwaway profile), and writes on stdout
a JSON object giving, for each file: its comments (author, initials, text, anchored text, resolved,
name and, where this LibreOffice reads threads, the parent's name), its tracked changes (type,
author, date, the text each covers) and the text of its paragraphs after Accept All and after
Reject All (LibreOffice's own commands, run in a hidden window).

A document is loaded without a window first: LibreOffice without its GUI package (the
libreoffice-*-nogui packages CI installs) has no comment-window layout and aborts when a window
shows a comment. The comments are read and removed from the loaded document before it gets a
window for Accept All or Reject All; they hold no text of the document.
"""

import json
import os
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue

# soffice takes one to three seconds to open its pipe; each attempt waits a tenth of a second.
CONNECT_ATTEMPTS = 600


def property_value(name, value):
    prop = PropertyValue()
    prop.Name = name
    prop.Value = value
    return prop


def connect(pipe):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(CONNECT_ATTEMPTS):
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:
            time.sleep(0.1)
    raise RuntimeError(f"soffice did not open its pipe after {CONNECT_ATTEMPTS} attempts")


def iso_date(value):
    return f"{value.Year:04d}-{value.Month:02d}-{value.Day:02d}T{value.Hours:02d}:{value.Minutes:02d}:{value.Seconds:02d}"


def has_property(obj, name):
    return obj.getPropertySetInfo().hasPropertyByName(name)


def paragraphs_of(text):
    """The paragraphs of `text` in order, those of table cells included (row by row)."""
    elements = text.createEnumeration()
    while elements.hasMoreElements():
        element = elements.nextElement()
        if element.supportsService("com.sun.star.text.Paragraph"):
            yield element
        elif element.supportsService("com.sun.star.text.TextTable"):
            for cell in element.getCellNames():
                yield from paragraphs_of(element.getCellByName(cell).getText())


def annotations(document):
    """The comments of the body in document order: the text fields' own enumeration has none."""
    found = []
    for paragraph in paragraphs_of(document.getText()):
        portions = paragraph.createEnumeration()
        while portions.hasMoreElements():
            portion = portions.nextElement()
            if portion.getPropertyValue("TextPortionType") == "Annotation":
                found.append(portion.getPropertyValue("TextField"))
    return found


def read_comment(field):
    anchor = field.getAnchor()
    return {
        "name": field.getPropertyValue("Name"),
        "author": field.getPropertyValue("Author"),
        "initials": field.getPropertyValue("Initials"),
        "text": field.getPropertyValue("Content"),
        "anchor": anchor.getString() if anchor is not None else "",
        "resolved": bool(field.getPropertyValue("Resolved")) if has_property(field, "Resolved") else False,
        # LibreOffice 7.4 keeps no reply threads; later versions name the parent here.
        "parent": (field.getPropertyValue("ParentName") or None) if has_property(field, "ParentName") else None,
        "readsParent": has_property(field, "ParentName"),
    }


def bold_text(paragraph):
    """The paragraph's bold text, its stretches joined by `|`: how a formatting change shows once decided."""
    stretches = []
    portions = paragraph.createEnumeration()
    while portions.hasMoreElements():
        portion = portions.nextElement()
        if portion.getPropertyValue("TextPortionType") == "Text" and portion.getPropertyValue("CharWeight") > 100:
            stretches.append(portion.getString())
    return "|".join(stretch for stretch in stretches if stretch)


def read_paragraphs(document):
    """The text of each paragraph, and its bold text."""
    paragraphs = list(paragraphs_of(document.getText()))
    return [paragraph.getString() for paragraph in paragraphs], [bold_text(paragraph) for paragraph in paragraphs]


def covered_text(redline):
    start = redline.getPropertyValue("RedlineStart")
    end = redline.getPropertyValue("RedlineEnd")
    try:
        cursor = start.getText().createTextCursorByRange(start)
        cursor.gotoRange(end, True)
        return cursor.getString()
    except Exception:
        # A table row's change has no one text to hold both ends.
        return None


def read_change(redline):
    return {
        "type": redline.getPropertyValue("RedlineType"),
        "author": redline.getPropertyValue("RedlineAuthor"),
        "date": iso_date(redline.getPropertyValue("RedlineDateTime")),
        "text": covered_text(redline),
        "inHeaderFooter": bool(redline.getPropertyValue("IsInHeaderFooter")),
    }


def read_changes(document):
    redlines = document.getRedlines().createEnumeration()
    found = []
    while redlines.hasMoreElements():
        found.append(read_change(redlines.nextElement()))
    return found


class Office:
    def __init__(self, context):
        self.context = context
        self.manager = context.ServiceManager
        self.desktop = self.manager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        self.dispatcher = self.manager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", context)

    def load(self, path):
        """Loads a DOCX without a window (see the module's note)."""
        document = self.manager.createInstanceWithContext("com.sun.star.text.TextDocument", self.context)
        url = uno.systemPathToFileUrl(os.path.abspath(path))
        document.load((property_value("URL", url), property_value("FilterName", "MS Word 2007 XML")))
        return document

    def decided_texts(self, document, command):
        """Removes the comments, gives the document a hidden window, runs `command` there; returns the paragraphs' text and bold text and the changes left."""
        for field in annotations(document):
            field.dispose()
        self.desktop.loadComponentFromURL(
            "private:object", "_blank", 0, (property_value("Model", document), property_value("Hidden", True))
        )
        frame = document.getCurrentController().getFrame()
        self.dispatcher.executeDispatch(frame, command, "", 0, ())
        texts, bold = read_paragraphs(document)
        left = len(read_changes(document))
        document.close(True)
        return texts, bold, left

    def review(self, path):
        document = self.load(path)
        comments = [read_comment(field) for field in annotations(document)]
        changes = read_changes(document)
        paragraphs, bold = read_paragraphs(document)
        accepted, accepted_bold, left_after_accept = self.decided_texts(document, ".uno:AcceptAllTrackedChanges")
        rejected, rejected_bold, left_after_reject = self.decided_texts(self.load(path), ".uno:RejectAllTrackedChanges")
        return {
            "comments": comments,
            "changes": changes,
            "paragraphs": paragraphs,
            "bold": bold,
            "accepted": accepted,
            "acceptedBold": accepted_bold,
            "rejected": rejected,
            "rejectedBold": rejected_bold,
            "changesLeft": left_after_accept + left_after_reject,
        }


def main():
    request = json.load(sys.stdin)
    pipe = request["pipe"]
    soffice = subprocess.Popen(
        [
            request["soffice"],
            f"-env:UserInstallation={request['profile']}",
            "--headless",
            "--invisible",
            "--norestore",
            "--nolockcheck",
            "--nologo",
            "--nodefault",
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=sys.stderr,
    )
    office = None
    try:
        office = Office(connect(pipe))
        result = {name: office.review(path) for name, path in request["files"].items()}
        json.dump(result, sys.stdout)
    finally:
        if office is not None:
            try:
                office.desktop.terminate()
            except Exception:
                # The bridge closes as soffice quits.
                pass
        try:
            soffice.wait(timeout=60)
        except subprocess.TimeoutExpired:
            soffice.kill()
            soffice.wait()


if __name__ == "__main__":
    main()
