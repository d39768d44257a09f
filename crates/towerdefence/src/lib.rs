//! Entelect Challenge 2018 Tower Defence (work in progress).
