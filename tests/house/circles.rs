//! No file imports a sibling that imports it back. Two modules of one folder that use each
//! other (directly or round a longer ring) are one job in two files, or a trait tangled with one
//! of its implementations: a change to either means reading both. A source scan builds, for every
//! folder under `src/`, the graph "this sibling names that sibling" from `crate::…`, `super::…`
//! and `self::…` paths (use-trees with `{…}` groups included, a file's `#[cfg(test)] mod tests`
//! left out) and finds its strongly connected components. The rings that are still there are
//! listed in [`CIRCLES_LEFT`]; the list may only shrink.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The rings of sibling modules not yet broken, each as its sorted members. A new ring fails the
/// test; so does a listed ring that is gone (take it off the list).
const CIRCLES_LEFT: &[&[&str]] = &[
    &["help::intelligent::blocks", "help::intelligent::men"],
    &["popeye::game", "popeye::line_text", "popeye::move_numbers"],
    &["popeye::help_text", "popeye::run"],
];

type ModulePath = Vec<String>;

/// Every `.rs` file under `src/` with its module path (`src/help/intelligent/mod.rs` is
/// `help::intelligent`; `lib.rs` and `main.rs` are the root, left out).
fn modules(src: &Path) -> BTreeMap<ModulePath, PathBuf> {
    fn walk(dir: &Path, src: &Path, found: &mut BTreeMap<ModulePath, PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                walk(&path, src, found);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("under src");
            let mut names: ModulePath = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if names.last().is_some_and(|n| n == "mod") {
                names.pop();
            }
            if names.len() == 1 && (names[0] == "lib" || names[0] == "main") {
                continue;
            }
            found.insert(names, path);
        }
    }
    let mut found = BTreeMap::new();
    walk(src, src, &mut found);
    found
}

/// The code of a source file without comments and without its trailing unit-test module.
fn code_of(text: &str) -> String {
    let body = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    body.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Reads a path or use-tree at the start of `rest` (after `crate::`, `super::` or `self::`) and
/// adds each full path it names, `prefix` first, to `paths`. Returns the unread text.
fn read_tree<'a>(rest: &'a str, prefix: &[String], paths: &mut Vec<ModulePath>) -> &'a str {
    let mut rest = rest.trim_start();
    let mut path = prefix.to_vec();
    loop {
        if let Some(inner) = rest.strip_prefix('{') {
            let mut inner = inner;
            loop {
                inner = read_tree(inner, &path, paths).trim_start();
                if let Some(after) = inner.strip_prefix(',') {
                    inner = after;
                    if let Some(after) = inner.trim_start().strip_prefix('}') {
                        return after;
                    }
                } else if let Some(after) = inner.strip_prefix('}') {
                    return after;
                } else {
                    return inner;
                }
            }
        }
        let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        if end == 0 {
            paths.push(path);
            return rest;
        }
        path.push(rest[..end].to_string());
        rest = &rest[end..];
        match rest.strip_prefix("::") {
            Some(after) => rest = after,
            None => {
                paths.push(path);
                return rest;
            }
        }
    }
}

/// The crate paths a module's code names, resolved against the module's own path (`self::` is
/// the module, `super::` the folder it is in, for a folder's `mod.rs` as for a file).
fn paths_named(code: &str, module: &[String]) -> Vec<ModulePath> {
    let mut paths = Vec::new();
    let mut previous = ' ';
    for (at, c) in code.char_indices() {
        let starts_path = !(is_ident(previous) || previous == ':');
        previous = c;
        if !starts_path {
            continue;
        }
        let rest = &code[at..];
        if let Some(after) = rest.strip_prefix("crate::") {
            read_tree(after, &[], &mut paths);
        } else if let Some(mut after) = rest.strip_prefix("super::") {
            let mut base = module[..module.len().saturating_sub(1)].to_vec();
            while let Some(next) = after.strip_prefix("super::") {
                after = next;
                base.pop();
            }
            read_tree(after, &base, &mut paths);
        } else if let Some(after) = rest.strip_prefix("self::") {
            read_tree(after, module, &mut paths);
        }
    }
    paths
}

/// For every module, the siblings (modules of the same folder) it names.
fn sibling_graph(src: &Path) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let modules = modules(src);
    let mut graph: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).expect("readable source");
        let parent = &module[..module.len() - 1];
        for path in paths_named(&code_of(&text), module) {
            if path.len() <= parent.len() || path[..parent.len()] != *parent {
                continue;
            }
            let sibling = path[..=parent.len()].to_vec();
            if sibling != *module && modules.contains_key(&sibling) {
                graph.entry(module.clone()).or_default().insert(sibling);
            }
        }
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan's algorithm), each as its
/// sorted `a::b` names.
fn circles(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> BTreeSet<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<ModulePath, BTreeSet<ModulePath>>,
        index: BTreeMap<&'g ModulePath, (usize, usize)>,
        stack: Vec<&'g ModulePath>,
        next: usize,
        found: BTreeSet<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, node: &'g ModulePath) {
            self.index.insert(node, (self.next, self.next));
            self.next += 1;
            self.stack.push(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let low = match self.index.get(next) {
                    None => {
                        self.visit(next);
                        self.index[next].1
                    }
                    Some(&(number, _)) if self.stack.contains(&next) => number,
                    Some(_) => continue,
                };
                let entry = self.index.get_mut(node).expect("visited");
                entry.1 = entry.1.min(low);
            }
            let (number, low) = self.index[node];
            if number == low {
                let mut ring = Vec::new();
                while let Some(member) = self.stack.pop() {
                    ring.push(member.join("::"));
                    if member == node {
                        break;
                    }
                }
                if ring.len() > 1 {
                    ring.sort();
                    self.found.insert(ring);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        stack: Vec::new(),
        next: 0,
        found: BTreeSet::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.found
}

fn names(paths: &[ModulePath]) -> Vec<String> {
    paths.iter().map(|p| p.join("::")).collect()
}

#[test]
fn the_scan_reads_paths_groups_and_super() {
    let module: ModulePath = vec!["help".into(), "search".into()];
    let code = "use crate::{board::{Move, Square}, help::hints::Hints};\nuse super::sink::{Sink, self};\nlet x = super::super::kernel::Control::new();\nfoo::crate::bar;";
    let found = names(&paths_named(code, &module));
    assert_eq!(
        found,
        [
            "board::Move",
            "board::Square",
            "help::hints::Hints",
            "help::sink::Sink",
            "help::sink::self",
            "kernel::Control::new",
        ]
    );
    // In a folder's mod.rs, `self::` is the folder and `super::` its parent.
    let folder: ModulePath = vec!["help".into()];
    let found = names(&paths_named(
        "use self::hints::X; use super::board::Y;",
        &folder,
    ));
    assert_eq!(found, ["help::hints::X", "board::Y"]);
}

#[test]
fn a_ring_of_three_is_one_circle_and_a_chain_none() {
    let path = |s: &str| s.split("::").map(String::from).collect::<ModulePath>();
    let mut graph: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    for (from, to) in [
        ("x::a", "x::b"),
        ("x::b", "x::c"),
        ("x::c", "x::a"),
        ("x::c", "x::d"),
    ] {
        graph.entry(path(from)).or_default().insert(path(to));
    }
    let found = circles(&graph);
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        [vec!["x::a".to_string(), "x::b".into(), "x::c".into()]]
    );
}

#[test]
fn no_new_circle_of_sibling_files() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = sibling_graph(&src);
    assert!(
        graph.len() > 50,
        "the scan found only {} importing modules",
        graph.len()
    );
    let found = circles(&graph);
    let listed: BTreeSet<Vec<String>> = CIRCLES_LEFT
        .iter()
        .map(|ring| ring.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<_> = found.difference(&listed).collect();
    let gone: Vec<_> = listed.difference(&found).collect();
    assert!(
        new.is_empty(),
        "files that import each other (put what both need in a module below them): {new:?}"
    );
    assert!(
        gone.is_empty(),
        "circles broken, take them off CIRCLES_LEFT: {gone:?}"
    );
}
