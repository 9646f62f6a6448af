//! The nearest of some known words to a misspelt one, for "did you mean" hints: an edit
//! distance that counts a swap of two neighbouring letters as one edit (`hlep` is one edit
//! from `help`), and the rule for how far a word may be from what it meant.

/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
#[must_use]
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: the one before last, the last, and the one being filled.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let replace = last[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = replace.min(last[j] + 1).min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            row[j] = best;
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

/// The most edits a word of `length` characters may be from what it meant: a third of
/// its length, at least one.
#[must_use]
pub fn tolerance(length: usize) -> usize {
    (length / 3).max(1)
}

/// The candidates nearest to `word` (ignoring case) within [`tolerance`], all those at the
/// smallest distance, in the order given.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let word = word.to_lowercase();
    let limit = tolerance(word.chars().count());
    let scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .map(|candidate| (edit_distance(&word, &candidate.to_lowercase()), candidate))
        .filter(|&(distance, _)| distance <= limit)
        .collect();
    let best = scored.iter().map(|&(distance, _)| distance).min().unwrap_or(0);
    scored.into_iter().filter(|&(distance, _)| distance == best).map(|(_, candidate)| candidate).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert_eq!(edit_distance("hlep", "help"), 1);
        assert_eq!(edit_distance("udno", "undo"), 1);
        assert_eq!(edit_distance("impassible", "impassable"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn the_nearest_within_a_third_of_the_length_are_kept() {
        assert_eq!(nearest("impassible", ["impassable", "absent", "blocks movement"]), vec!["impassable"]);
        assert!(nearest("xyzzy", ["help", "undo"]).is_empty());
    }
}
