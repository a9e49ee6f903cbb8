//! Every Popeye reference output (the shared `popeye/` directmate folders) reads back into
//! transcript trees, and
//! every move line of the text lands in exactly one node.

use crate::common;

use mateproof::popeye::transcript::{AttackLine, DefenceLine, ThreatText, Transcript};

fn count_attack(a: &AttackLine) -> usize {
    let threats = match &a.threat {
        ThreatText::Threats(t) => t.iter().map(count_attack).sum(),
        _ => 0,
    };
    1 + threats + a.defences.iter().map(count_defence).sum::<usize>() + a.refutations.len()
}

fn count_defence(d: &DefenceLine) -> usize {
    1 + d.continuations.iter().map(count_attack).sum::<usize>()
}

fn is_move_line(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    line.starts_with(' ') && digits > 0 && t[digits..].starts_with('.') && t.len() > digits + 1 && {
        let rest = t[digits..].trim_start_matches('.');
        rest.bytes()
            .next()
            .is_some_and(|b| !b.is_ascii_whitespace())
    }
}

#[test]
fn every_reference_output_parses_completely() {
    let Some(pairs) = common::popeye_pairs() else {
        return;
    };
    let files: Vec<_> = pairs.into_iter().map(|(_, out)| out).collect();
    assert!(
        files.len() > 250,
        "expected the Popeye reference outputs, found {}",
        files.len()
    );
    let (mut problems, mut nodes) = (0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let transcript =
            Transcript::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut counted = 0;
        for problem in &transcript.problems {
            for twin in &problem.twins {
                counted += twin.first_moves.iter().map(count_attack).sum::<usize>();
                counted += twin.set_play.iter().map(count_defence).sum::<usize>();
                if let Some(post) = &twin.post_key {
                    counted += post.defences.iter().map(count_defence).sum::<usize>();
                    if let ThreatText::Threats(t) = &post.threat {
                        counted += t.iter().map(count_attack).sum::<usize>();
                    }
                }
            }
        }
        let header_lines: usize = transcript
            .problems
            .iter()
            .map(|p| p.header.iter().filter(|l| is_move_line(l)).count())
            .sum();
        let lines = text.lines().filter(|l| is_move_line(l)).count() - header_lines;
        assert_eq!(
            counted,
            lines,
            "{}: move lines vs tree nodes",
            file.display()
        );
        assert!(!transcript.problems.is_empty(), "{}", file.display());
        problems += transcript.problems.len();
        nodes += counted;
    }
    println!(
        "{} files, {problems} problems, {nodes} move lines read into trees",
        files.len()
    );
}
