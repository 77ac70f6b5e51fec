#!/usr/bin/env python3
"""Checks an Xcode "Sticker Pack App" project written by stickerpack's exporter, with parsers that are not the
writer's: openstep_parser for project.pbxproj, xml.etree for the scheme, plistlib for the Info.plists, and a
PNG header read for the icons. Prints one summary line and exits 0 when everything holds; otherwise prints every
failure to stderr, one a line, and exits 1; exits 2 when openstep_parser is not installed.

Usage: Tests/Xcode/check_project.py DIR NAME BUNDLE_ID [--team TEAMID] [--version 1.0] [--build-number 1]
                                    [--lint-phase] [--json]
As a library: check_project(DIR, NAME, BUNDLE_ID, ...) returns (failures, summary).
"""
import argparse
import json
import math
import os
import plistlib
import struct
import sys
import xml.etree.ElementTree as ET
from xml.parsers.expat import ExpatError

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pbxproj_checks  # noqa: E402  (beside this file)

ICONSET = os.path.join("Stickers.xcstickers", "iMessage App Icon.stickersiconset")
VARIABLES = {"CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleShortVersionString": "$(MARKETING_VERSION)",
             "CFBundleVersion": "$(CURRENT_PROJECT_VERSION)"}


def check_layout(root, name):
    """Only the expected entries at the top of DIR and in NAME.xcodeproj, and no xcuserdata (per-user state)."""
    fails = []
    expected = {name + ".xcodeproj", name, name + " StickerPackExtension", "manifest.json"}
    found = set(os.listdir(root)) if os.path.isdir(root) else set()
    for entry in sorted(found - expected - {"Variants"}):
        fails.append("%s: unexpected entry %r at the top level" % (root, entry))
    for entry in sorted(expected - found):
        fails.append("%s: missing %r" % (root, entry))
    project = os.path.join(root, name + ".xcodeproj")
    inside = {os.path.relpath(os.path.join(parent, e), project) for parent, ds, fs in os.walk(project) for e in ds + fs}
    allowed = {"project.pbxproj", "xcshareddata", os.path.join("xcshareddata", "xcschemes"),
               os.path.join("xcshareddata", "xcschemes", name + ".xcscheme")}
    for entry in sorted(inside - allowed):
        fails.append("%s: unexpected %r (expected only project.pbxproj and the shared scheme)" % (project, entry))
    for parent, folders, _ in os.walk(root):
        if "xcuserdata" in folders:
            fails.append("%s: holds xcuserdata, which is per-user and must not be exported" % parent)
    try:
        with open(os.path.join(root, "manifest.json"), encoding="utf-8") as f:
            json.load(f)
    except (OSError, ValueError) as error:
        fails.append("manifest.json: expected a JSON file, found %s" % error)
    return fails


def check_scheme(root, name, app_id):
    """The shared scheme builds the app target by its pbxproj id and archives in Release."""
    path = os.path.join(root, name + ".xcodeproj", "xcshareddata", "xcschemes", name + ".xcscheme")
    try:
        scheme = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as error:
        return ["scheme: expected a shared scheme at %s, found %s" % (path, error)]
    fails = []
    want = {"BuildableName": name + ".app", "BlueprintName": name,
            "ReferencedContainer": "container:%s.xcodeproj" % name}
    if app_id:  # unknown when the pbxproj did not parse or has no app target: reported there
        want["BlueprintIdentifier"] = app_id
    refs = [r.attrib for r in scheme.findall("./BuildAction/BuildActionEntries/BuildActionEntry/BuildableReference")]
    if not any(all(r.get(k) == v for k, v in want.items()) for r in refs):
        fails.append("scheme: no BuildActionEntry with a BuildableReference %s; found %s" % (want, refs))
    archive = scheme.find("./ArchiveAction")
    if archive is None or archive.get("buildConfiguration") != "Release":
        fails.append("scheme: ArchiveAction buildConfiguration = %r, expected 'Release'"
                     % (None if archive is None else archive.get("buildConfiguration")))
    home = os.path.expanduser("~")
    with open(path, encoding="utf-8") as f:
        if len(home) > 1 and home in f.read():
            fails.append("scheme: holds the home folder %s" % home)
    return fails


def check_plists(root, name, summary):
    """The two Info.plists: package types, the extension point, and the build-setting variables."""
    fails = []
    app_want = dict(VARIABLES, CFBundlePackageType="APPL", LSRequiresIPhoneOS=True)
    ext_want = dict(VARIABLES, CFBundlePackageType="XPC!", CFBundleDisplayName=name,
                    NSExtension={"NSExtensionPointIdentifier": "com.apple.message-payload-provider",
                                 "NSExtensionPrincipalClass": "StickerBrowserViewController"})
    for folder, want in ((name, app_want), (name + " StickerPackExtension", ext_want)):
        path = os.path.join(root, folder, "Info.plist")
        try:
            with open(path, "rb") as f:
                plist = plistlib.load(f)
            if not isinstance(plist, dict):
                raise ValueError("a %s at the top" % type(plist).__name__)
        except (OSError, ValueError, ExpatError) as error:  # InvalidFileException is a ValueError
            fails.append("%s/Info.plist: expected a property list, found %s" % (folder, error))
            continue
        summary.setdefault("info_plists", {})[folder] = plist
        for key, value in want.items():
            found = plist.get(key)
            if isinstance(value, dict):  # NSExtension: the keys we need, others allowed
                found = {k: found.get(k) for k in value} if isinstance(found, dict) else found
            if found != value or type(found) is not type(value):  # 1 is not true in a plist
                fails.append("%s/Info.plist: %s = %r, expected %r" % (folder, key, found, value))
    return fails


def png_facts(path):
    """(width, height, colour type, has tRNS) from the PNG's chunks, read up to the image data."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height, _, colour = struct.unpack(">IIBB", data[16:26])
    at, trns = 8, False
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        trns |= kind == b"tRNS"
        if kind in (b"IDAT", b"IEND"):  # tRNS must come before IDAT
            break
        at += 12 + length
    return width, height, colour, trns


def check_icons(root, name, summary):
    """Every icon listed exists (exact case), has size x scale pixels, and the App Store ones are opaque."""
    folder = os.path.join(root, name + " StickerPackExtension", ICONSET)
    try:
        with open(os.path.join(folder, "Contents.json"), encoding="utf-8") as f:
            images = json.load(f)["images"]
        on_disk = set(os.listdir(folder))  # exact case, even on a case-insensitive disk
    except (OSError, ValueError, KeyError, TypeError) as error:
        return ["icons: expected %s/Contents.json with an images list, found %s" % (folder, error)]
    fails, summary["icon_images"] = [], len(images)
    if not any(i.get("idiom") == "ios-marketing" and i.get("size") == "1024x1024" and i.get("scale") == "1x"
               for i in images):
        fails.append("icons: no ios-marketing 1024x1024 1x entry in Contents.json")
    for image in images:
        label = "icons: %s %s@%s" % (image.get("idiom"), image.get("size"), image.get("scale"))
        filename = image.get("filename")
        if filename not in on_disk:
            fails.append("%s: file %r is not in the icon set (found %s)" % (label, filename, sorted(on_disk)))
            continue
        try:
            w, h = (float(v) for v in image["size"].split("x"))
            scale = float(image["scale"].rstrip("x"))
            width, height, colour, trns = png_facts(os.path.join(folder, filename))
        except (OSError, ValueError, KeyError, AttributeError, struct.error) as error:
            fails.append("%s: %s: %s" % (label, filename, error))
            continue
        # Half away from zero, as the Swift side rounds ("67x50" at 2x is 134x100 px).
        want = (math.floor(w * scale + 0.5), math.floor(h * scale + 0.5))
        if (width, height) != want:
            fails.append("%s: %s is %dx%d px, expected %dx%d" % (label, filename, width, height, *want))
        # App Store Connect refuses an App Store icon with alpha: colour type 2 (RGB) or 0 (grey), no tRNS.
        if image.get("idiom") == "ios-marketing" and (colour not in (0, 2) or trns):
            fails.append("%s: %s has alpha (colour type %d%s), expected none"
                         % (label, filename, colour, ", tRNS" if trns else ""))
    return fails


def check_project(root, name, bundle_id, team=None, version="1.0", build_number="1", lint_phase=False):
    """Every check; returns (failures, summary). The summary is empty of targets when the pbxproj does not parse."""
    fails, summary = [], {"name": name, "targets": {}}
    pbxproj = os.path.join(root, name + ".xcodeproj", "project.pbxproj")
    try:
        project = pbxproj_checks.Project(pbxproj)
    except Exception as error:  # openstep_parser raises bare Exceptions and IndexErrors on bad input
        project = None
        fails.append("pbxproj: expected a parsable %s, found %s: %s" % (pbxproj, type(error).__name__, error))
    if project is not None:
        summary.update(pbxproj_checks.summarize(project))
        fails += pbxproj_checks.check_graph(project)
        target_fails, app, ext = pbxproj_checks.check_targets(project, summary, name)
        fails += target_fails
        if app and ext:  # the rest needs both targets
            fails += pbxproj_checks.check_phases(project, name, app, ext, lint_phase)
            fails += pbxproj_checks.check_settings(summary, name, bundle_id, team, version, build_number, root)
        fails += pbxproj_checks.check_paths(project, root)
    app_id = summary["targets"].get(name, {}).get("id")
    fails += check_scheme(root, name, app_id)
    fails += check_plists(root, name, summary)
    fails += check_icons(root, name, summary)
    fails += check_layout(root, name)
    return fails, summary


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir")
    parser.add_argument("name")
    parser.add_argument("bundle_id")
    parser.add_argument("--team", help="the DEVELOPMENT_TEAM both targets must have (absent everywhere otherwise)")
    parser.add_argument("--version", default="1.0", help="MARKETING_VERSION (default 1.0)")
    parser.add_argument("--build-number", default="1", help="CURRENT_PROJECT_VERSION (default 1)")
    parser.add_argument("--lint-phase", action="store_true", help="the extension must run stickerpack lint")
    parser.add_argument("--json", action="store_true", help="print the parsed summary as JSON on stdout")
    args = parser.parse_args(argv)
    if pbxproj_checks.OpenStepDecoder is None:
        print("check_project.py: needs the Python package openstep-parser, a test-only dependency; install it "
              "into the test venv: .build/venv/bin/pip install openstep-parser", file=sys.stderr)
        return 2
    fails, summary = check_project(args.dir, args.name, args.bundle_id, args.team, args.version,
                                   args.build_number, args.lint_phase)
    if args.json:
        print(json.dumps(summary, indent=2, sort_keys=True, default=str))
    for line in fails:
        print(line, file=sys.stderr)
    if fails:
        print("check_project: %d failed checks in %s" % (len(fails), args.dir), file=sys.stderr)
        return 1
    if not args.json:
        print("check_project: %s ok: targets %s, %d objects, %d icon images%s" % (
            args.dir, ", ".join(sorted(summary["targets"])), summary["objects"], summary.get("icon_images", 0),
            ", lint phase" if args.lint_phase else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
